import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AlertRecord } from '../../../src/main/core/alerts/alert-record';
import { Alerts, DO_NOT_DISTURB_POLL_MS } from '../../../src/main/core/alerts/alerts';
import type { VisitorNotification } from '../../../src/main/core/ports';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../../src/shared/settings';
import { PageAttention } from '../../../src/main/core/attention/page-attention';
import { SettingsStore, type Settings } from '../../../src/main/core/settings/settings';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import type { AlertEntry, DoNotDisturbState } from '../../../src/shared/alerts';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { raw, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { workspaceOn } from '../../support/workspace-on';

const ACCOUNT = 'account-00000000000000a1';
let sbx: RunningSandbox;
let workspace: Workspace;
let close: () => Promise<void>;
let settings: NotificationSettings;
let record: AlertRecord;
let pages: PageAttention;
const page = {};
const shown: VisitorNotification[] = [];

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 12 });
  shown.length = 0;
  settings = { ...DEFAULT_NOTIFICATION_SETTINGS };
  record = new AlertRecord();
  ({ workspace, close } = await workspaceOn(sbx, {
    connection: { id: ACCOUNT },
    notifier: { show: (n) => void shown.push(n) },
    notificationSettings: () => settings,
    alertRecord: record,
    cadence: { focused: 100, background: 100, idle: 100, realtimeFloor: 400, max: 1000 },
    start: 'started',
  }));
  pages = new PageAttention(workspace);
  await until(() => workspace.inbox.health === 'ok', { what: 'the first sync' });
});

afterEach(async () => {
  await close();
  await sbx.close();
});

function openConversation(assignee: 'nobody' | 'colleague') {
  const app = sbx.info.apps[0]!;
  const found = [...sbx.store.conversations.values()].find(
    (c) =>
      c.appId === app.id &&
      !c.closed &&
      c.userReplies > 0 &&
      !c.assistantType &&
      (assignee === 'nobody' ? c.assigneeId === null : c.assigneeId !== null && c.assigneeId !== app.adminId),
  );
  if (!found) throw new Error(`no conversation assigned to ${assignee} in the demo data`);
  return found;
}

/** A visitor writes; resolves with the record's entry for that message. */
async function visitorWrites(c: { id: string; userId: string }, body: string): Promise<AlertEntry> {
  const before = record.list().length;
  await raw(sbx, `/conversations/${c.id}/reply`, { form: { body, from_user: String(c.userId) } });
  await until(() => record.list().length > before, { what: `the decision about "${body}"` });
  const entry = record.list()[0]!;
  expect(entry.conversationId).toBe(c.id);
  return entry;
}

describe('the record of every alert', () => {
  it('records a message that notified, with account, conversation and time only', async () => {
    const c = openConversation('nobody');
    const entry = await visitorWrites(c, 'hello there');
    expect(entry).toEqual({
      accountId: ACCOUNT,
      conversationId: c.id,
      at: expect.any(Number),
      outcome: 'notified',
      reason: null,
    });
    expect(shown.map((n) => n.conversationId)).toEqual([c.id]);
    expect(JSON.stringify(record.list())).not.toContain('hello there');
  });

  it('records each reason a message was held back', async () => {
    const c = openConversation('nobody');
    settings = { ...settings, pausedUntil: Date.now() + 3600_000 };
    expect((await visitorWrites(c, 'while paused')).reason).toBe('paused');
    settings = { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: { enabled: true, start: '00:00', end: '23:59' } };
    expect((await visitorWrites(c, 'at night')).reason).toBe('quiet-hours');
    settings = { ...DEFAULT_NOTIFICATION_SETTINGS, scope: 'none' };
    expect((await visitorWrites(c, 'muted')).reason).toBe('muted');
    settings = { ...DEFAULT_NOTIFICATION_SETTINGS, scope: 'mine' };
    expect((await visitorWrites(c, 'not mine')).reason).toBe('scope');
    settings = DEFAULT_NOTIFICATION_SETTINGS;
    workspace.setAttention({ osDoNotDisturb: true });
    expect((await visitorWrites(c, 'in focus mode')).reason).toBe('do-not-disturb');
    workspace.setAttention({ osDoNotDisturb: false });
    expect(await visitorWrites(openConversation('colleague'), 'a colleague’s')).toMatchObject({ reason: 'scope' });
    expect(shown).toEqual([]);
  });

  it('records a message in the conversation the agent is looking at', async () => {
    const c = openConversation('nobody');
    pages.seen(page, { visible: true, focused: true });
    const contract = pages.contractFor(page, {
      'conversation:open': (_: string, id: string) => workspace.handlers['conversation:open'](id),
    });
    await contract['conversation:open'](ACCOUNT, c.id);
    expect((await visitorWrites(c, 'seen at once')).reason).toBe('looking-at-it');
  });

  it('records a message seen a second time as already notified, and shows it once', async () => {
    const c = openConversation('nobody');
    await visitorWrites(c, 'once only');
    const conversation = workspace.inbox.conversation(c.id)!;
    const part = (await workspace.options.api.listParts(c.id)).items.find((p) => p.body.includes('once only'))!;
    workspace.inbox.events.emit('visitor-message', { conversation, part, waitingSince: part.created });
    expect(record.list()[0]).toMatchObject({ conversationId: c.id, outcome: 'held', reason: 'already-notified' });
    expect(shown).toHaveLength(1);
  });

  it('keeps only the last few hundred decisions, newest first', () => {
    const ring = new AlertRecord(3);
    for (const id of ['1', '2', '3', '4', '5'])
      ring.add({ accountId: ACCOUNT, conversationId: id, at: Number(id), outcome: 'notified', reason: null });
    expect(ring.list().map((e) => e.conversationId)).toEqual(['5', '4', '3']);
  });
});

describe("the OS's Do Not Disturb", () => {
  function alertsWith(read: () => Promise<DoNotDisturbState>) {
    const clock = new FakeClock();
    let saved: Settings | null = null;
    const store = new SettingsStore({ read: async () => saved, write: async (s) => void (saved = s) });
    const applied: boolean[] = [];
    const alerts = new Alerts({
      clock,
      settings: store,
      reader: { read },
      applyDoNotDisturb: (on) => applied.push(on),
    });
    return { clock, store, applied, alerts };
  }

  it('holds alerts back while it is on, and the window hears it start and stop', async () => {
    let state: DoNotDisturbState = 'off';
    const { clock, applied, alerts } = alertsWith(async () => state);
    const heard: boolean[] = [];
    alerts.events.on('changed', (s) => heard.push(s.holding));
    alerts.start();
    await until(() => applied.length === 1, { what: 'the first read' });
    expect(alerts.status()).toEqual({ doNotDisturb: 'off', holding: false });
    state = 'on';
    await clock.advance(DO_NOT_DISTURB_POLL_MS);
    await until(() => applied.length === 2, { what: 'the next read' });
    expect(applied).toEqual([false, true]);
    expect(alerts.status()).toEqual({ doNotDisturb: 'on', holding: true });
    state = 'off';
    await clock.advance(DO_NOT_DISTURB_POLL_MS);
    await until(() => applied.length === 3, { what: 'the read after Focus ends' });
    expect(heard).toEqual([false, true, false]);
    alerts.stop();
  });

  it('"unknown", or a reader that fails, never holds anything back', async () => {
    let reads = 0;
    const { clock, applied, alerts } = alertsWith(async () => {
      reads += 1;
      if (reads === 1) return 'unknown';
      throw new Error('no such setting');
    });
    alerts.start();
    await until(() => reads === 1, { what: 'a read' });
    await clock.advance(DO_NOT_DISTURB_POLL_MS);
    await until(() => reads === 2, { what: 'a read that fails' });
    expect(applied).toEqual([]);
    expect(alerts.status().doNotDisturb).toBe('unknown');
    expect(alerts.status().holding).toBe(false);
    alerts.stop();
  });

  it('tells the window once that the system refused a notification, with the reason it gave', () => {
    const { alerts } = alertsWith(async () => 'off');
    const heard: (string | undefined)[] = [];
    alerts.events.on('changed', (s) => heard.push(s.refused));
    alerts.notificationRefused('Notifications are not allowed for this application');
    alerts.notificationRefused('Notifications are not allowed for this application');
    alerts.notificationRefused('another reason');
    expect(heard).toEqual(['Notifications are not allowed for this application']);
    expect(alerts.status().refused).toBe('Notifications are not allowed for this application');
  });

  it('is not followed when the agent turns that off', async () => {
    const { store, applied, alerts } = alertsWith(async () => 'on');
    await store.load();
    alerts.start();
    await until(() => applied.length === 1, { what: 'the first read' });
    expect(alerts.status().holding).toBe(true);
    await store.update((s) => ({ ...s, notifications: { ...s.notifications, followOsDoNotDisturb: false } }));
    expect(alerts.status()).toEqual({ doNotDisturb: 'on', holding: false });
    alerts.stop();
  });
});
