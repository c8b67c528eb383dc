import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountNotification } from '../../src/main/core/ports';
import type { Workspace } from '../../src/main/core/workspace/workspace';
import { createWorkspace } from '../../src/main/core/compose';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { InboxRow } from '../../src/shared/inbox';
import { snoozePresetsAt, snoozePresetTime, type SnoozeReturned } from '../../src/shared/snooze';
import { FakeClock } from '../support/fake-clock';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

const HOUR = 3_600_000;
let sbx: RunningSandbox;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await sbx?.close();
});

interface Running {
  workspace: Workspace;
  notifications: AccountNotification[];
  returned: SnoozeReturned[];
  /** The row as the renderer last received it. */
  rows: Map<string, InboxRow>;
  close(): Promise<void>;
}

/** A workspace of one of the sandbox's applications on a fake clock, started and synced. */
async function start(clock: FakeClock, dataDir: string, app = 0): Promise<Running> {
  const { id: appId, adminId, token } = sbx.info.apps[app]!;
  const notifications: AccountNotification[] = [];
  const returned: SnoozeReturned[] = [];
  const rows = new Map<string, InboxRow>();
  const { workspace, close } = createWorkspace(
    { id: `account-00000000000000c${app}`, mode: 'account', baseUrl: sbx.info.baseUrl, appId, adminId, token },
    {
      notifier: { show: (n) => void notifications.push(n) },
      realtime: false,
      inboxIntervalMs: 60_000,
      partsIntervalMs: 60_000,
      dataDir,
      clock,
      openExternal: async () => {},
    },
  );
  workspace.events.on('snooze:returned', (r) => void returned.push(r));
  workspace.events.on('inbox:changed', (change) => change.upserted.forEach((row) => rows.set(row.id, row)));
  await workspace.start();
  await until(
    async () => {
      await clock.advance(0);
      return workspace.inbox.health === 'ok';
    },
    { what: 'the first sync' },
  );
  for (const row of workspace.sortedInbox().rows) rows.set(row.id, row);
  let closed = false;
  const running = {
    workspace,
    notifications,
    returned,
    rows,
    close: async () => {
      if (closed) return;
      closed = true;
      await close();
    },
  };
  closers.push(running.close);
  return running;
}

const openConversation = (appIndex = 0) =>
  [...sbx.store.conversations.values()].find((c) => c.appId === sbx.info.apps[appIndex]!.id && !c.closed)!;

describe('snooze', () => {
  it('presets end in an hour, this evening, tomorrow morning and next Monday morning, in local time', () => {
    const friday = new Date(2026, 10, 27, 14, 30);
    expect(snoozePresetTime('hour', friday)).toBe(friday.getTime() + HOUR);
    expect(new Date(snoozePresetTime('evening', friday))).toEqual(new Date(2026, 10, 27, 18, 0));
    expect(new Date(snoozePresetTime('evening', new Date(2026, 10, 27, 19, 0)))).toEqual(new Date(2026, 10, 28, 18, 0));
    expect(new Date(snoozePresetTime('tomorrow', friday))).toEqual(new Date(2026, 10, 28, 9, 0));
    expect(new Date(snoozePresetTime('next-week', friday))).toEqual(new Date(2026, 10, 30, 9, 0));
    expect(new Date(snoozePresetTime('next-week', new Date(2026, 10, 30, 8, 0)))).toEqual(new Date(2026, 11, 7, 9, 0));
  });

  it('offers "This evening" only before the evening: at 20:30 it would mean tomorrow', () => {
    expect(snoozePresetsAt(new Date(2026, 10, 27, 14, 30))).toEqual(['hour', 'evening', 'tomorrow', 'next-week']);
    expect(snoozePresetsAt(new Date(2026, 10, 27, 17, 59))).toContain('evening');
    expect(snoozePresetsAt(new Date(2026, 10, 27, 18, 0))).toEqual(['hour', 'tomorrow', 'next-week']);
    expect(snoozePresetsAt(new Date(2026, 10, 27, 20, 30))).toEqual(['hour', 'tomorrow', 'next-week']);
    // After midnight the evening is today's again.
    expect(snoozePresetsAt(new Date(2026, 10, 28, 0, 30))).toContain('evening');
  });

  it('returns at its time, with a notification carrying the reminder note', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const perch = await start(clock, await mkdtemp(join(tmpdir(), 'perch-snooze-')));
    const c = openConversation();
    await perch.workspace.handlers['conversation:snooze'](c.id, clock.now() + HOUR, 'Call back about the refund', null);
    await until(() => perch.rows.get(c.id)?.snoozedUntil === clock.now() + HOUR, { what: 'the row marked snoozed' });
    expect(perch.workspace.sortedInbox().rows.find((r) => r.id === c.id)?.snoozedUntil).toBe(clock.now() + HOUR);
    // Opening it brings its row too: snoozed as well.
    const opened = perch.workspace.handlers['conversation:open'](c.id);
    await clock.advance(0);
    expect((await opened).row.snoozedUntil).toBe(clock.now() + HOUR);

    await clock.advance(HOUR - 1000);
    expect(perch.returned).toEqual([]);
    await clock.advance(1000);
    expect(perch.returned).toEqual([
      expect.objectContaining({ conversationId: c.id, because: 'time', note: 'Call back about the refund' }),
    ]);
    expect(perch.notifications).toEqual([
      expect.objectContaining({ conversationId: c.id, body: 'Call back about the refund' }),
    ]);
    await until(() => perch.rows.get(c.id)?.snoozedUntil === undefined, { what: 'the row back in the open views' });
    expect(await perch.workspace.handlers['snooze:list']()).toEqual([]);
  });

  it('an unread conversation snoozed leaves the unread totals (tray and sidebar) until it comes back', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const perch = await start(clock, await mkdtemp(join(tmpdir(), 'perch-snooze-')));
    const unread = perch.workspace.sortedInbox().rows.find((r) => r.unread > 0 && !r.closed)!;
    const before = perch.workspace.inbox.snapshot().totals;
    let sent = before;
    perch.workspace.events.on('inbox:changed', (change) => void (sent = change.totals));

    await perch.workspace.handlers['conversation:snooze'](unread.id, clock.now() + HOUR, '', null);
    await until(() => sent.all === before.all - 1, { what: 'the totals without the snoozed conversation' });
    expect(perch.workspace.inbox.snapshot().totals.all).toBe(before.all - 1);

    await clock.advance(HOUR);
    await until(() => sent.all === before.all, { what: 'the totals with it back' });
    expect(perch.workspace.inbox.snapshot().totals).toEqual(before);
  });

  it('returns at once when the visitor writes, before its time', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const perch = await start(clock, await mkdtemp(join(tmpdir(), 'perch-snooze-')));
    const c = openConversation();
    await perch.workspace.handlers['conversation:snooze'](c.id, clock.now() + 24 * HOUR, '', null);
    sbx.simulator.writeInto(c, 'Any news on my order?');
    await until(
      async () => {
        await clock.advance(60_000);
        return perch.returned.length > 0;
      },
      { what: 'the conversation back on the visitor message' },
    );
    expect(perch.returned[0]).toMatchObject({ conversationId: c.id, because: 'visitor' });
    expect(perch.workspace.snoozes.list()).toEqual([]);
    await until(() => perch.rows.get(c.id)?.snoozedUntil === undefined, { what: 'the row unsnoozed' });
  });

  it('a visitor message the agent saw before snoozing does not bring it back; the next one does', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const perch = await start(clock, await mkdtemp(join(tmpdir(), 'perch-snooze-')));
    const c = openConversation();
    // On the agent's screen already (the open conversation reads faster than the inbox polls).
    sbx.simulator.writeInto(c, 'Seen before the snooze');
    const seen = c.parts.at(-1)!.id;
    await perch.workspace.handlers['conversation:snooze'](c.id, clock.now() + 24 * HOUR, '', seen);
    await until(
      async () => {
        await clock.advance(60_000);
        return perch.rows.get(c.id)?.preview === 'Seen before the snooze';
      },
      { what: 'the inbox to read the message' },
    );
    expect(perch.returned).toEqual([]);
    sbx.simulator.writeInto(c, 'Written after the snooze');
    await until(
      async () => {
        await clock.advance(60_000);
        return perch.returned.length > 0;
      },
      { what: 'the conversation back on the later message' },
    );
    expect(perch.returned[0]).toMatchObject({ conversationId: c.id, because: 'visitor' });
  });

  it('a restart keeps snoozes, and one that came due while Perch was closed returns at start', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-snooze-'));
    const [a, b] = [...sbx.store.conversations.values()].filter((c) => c.appId === sbx.info.apps[0]!.id && !c.closed);
    const first = await start(clock, dataDir);
    await first.workspace.handlers['conversation:snooze'](a!.id, clock.now() + HOUR, 'due while closed', null);
    await first.workspace.handlers['conversation:snooze'](b!.id, clock.now() + 5 * HOUR, '', null);
    await first.close();

    clock.jump(2 * HOUR); // Perch was closed (or the machine asleep) meanwhile
    const second = await start(clock, dataDir);
    expect(second.returned).toEqual([expect.objectContaining({ conversationId: a!.id, because: 'time' })]);
    expect(second.workspace.snoozes.list()).toEqual([
      expect.objectContaining({ conversationId: b!.id, until: clock.now() + 3 * HOUR, note: '' }),
    ]);
    expect(second.workspace.sortedInbox().rows.find((r) => r.id === b!.id)?.snoozedUntil).toBe(clock.now() + 3 * HOUR);
  });

  it('a clock that jumps forward returns the snooze within a check; one that jumps back holds it to its wall time', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const perch = await start(clock, await mkdtemp(join(tmpdir(), 'perch-snooze-')));
    const [ahead, behind] = [...sbx.store.conversations.values()].filter(
      (c) => c.appId === sbx.info.apps[0]!.id && !c.closed,
    );
    await perch.workspace.handlers['conversation:snooze'](ahead!.id, clock.now() + 10 * HOUR, '', null);
    // The wall clock leaps ten hours (a corrected clock, a resumed VM); timers keep their monotonic time.
    clock.jump(10 * HOUR);
    await clock.advance(30_000);
    expect(perch.returned.map((r) => r.conversationId)).toEqual([ahead!.id]);

    await perch.workspace.handlers['conversation:snooze'](behind!.id, clock.now() + HOUR, '', null);
    clock.jump(-HOUR);
    // The hour the timer waited for has passed, but the wall clock says an hour is left.
    await clock.advance(HOUR);
    expect(perch.returned.map((r) => r.conversationId)).toEqual([ahead!.id]);
    await clock.advance(HOUR);
    expect(perch.returned.map((r) => r.conversationId)).toEqual([ahead!.id, behind!.id]);
  });

  it("a notification's Snooze button (where the OS has one) snoozes by a preset", async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const perch = await start(clock, await mkdtemp(join(tmpdir(), 'perch-snooze-')));
    const c = openConversation();
    const snooze = await perch.workspace.snoozeFromNotification(c.id, 'hour');
    expect(snooze).toMatchObject({ conversationId: c.id, until: clock.now() + HOUR, note: '' });
    await clock.advance(HOUR);
    expect(perch.returned.map((r) => r.conversationId)).toEqual([c.id]);
  });

  it('waking from sleep returns what came due, without waiting for the next check', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const perch = await start(clock, await mkdtemp(join(tmpdir(), 'perch-snooze-')));
    const c = openConversation();
    await perch.workspace.handlers['conversation:snooze'](c.id, clock.now() + HOUR, '', null);
    perch.workspace.setAttention({ suspended: true });
    clock.jump(3 * HOUR);
    perch.workspace.setAttention({ suspended: false });
    expect(perch.returned.map((r) => r.conversationId)).toEqual([c.id]);
  });

  it('several accounts keep their snoozes apart', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-snooze-'));
    const one = await start(clock, dataDir, 0);
    const two = await start(clock, dataDir, 1);
    const c1 = openConversation(0);
    const c2 = openConversation(1);
    await one.workspace.handlers['conversation:snooze'](c1.id, clock.now() + HOUR, 'first', null);
    await two.workspace.handlers['conversation:snooze'](c2.id, clock.now() + 2 * HOUR, 'second', null);
    expect(one.workspace.snoozes.list().map((s) => s.conversationId)).toEqual([c1.id]);
    expect(two.workspace.snoozes.list().map((s) => s.conversationId)).toEqual([c2.id]);
    await clock.advance(HOUR);
    expect(one.returned.map((r) => r.note)).toEqual(['first']);
    expect(two.returned).toEqual([]);
    expect(one.notifications.map((n) => n.accountId)).toEqual(['account-00000000000000c0']);
    await clock.advance(HOUR);
    expect(two.returned.map((r) => r.note)).toEqual(['second']);
    expect(two.notifications.map((n) => n.accountId)).toEqual(['account-00000000000000c1']);
  });

  it('refuses a time in the past; a damaged file is moved aside and its whole entries kept', async () => {
    sbx = await sandbox({ conversationsPerApp: 6 });
    const clock = new FakeClock();
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-snooze-'));
    const c = openConversation();
    await writeFile(
      join(dataDir, `snoozes-${sbx.info.apps[0]!.id}.json`),
      JSON.stringify([
        { conversationId: c.id, until: clock.now() + HOUR, note: '', seenPart: null },
        { conversationId: 'x' },
      ]),
    );
    const perch = await start(clock, dataDir);
    expect(perch.workspace.snoozes.list().map((s) => s.conversationId)).toEqual([c.id]);
    expect(
      (await readdir(dataDir)).some((name) => name.startsWith(`snoozes-${sbx.info.apps[0]!.id}.json.damaged`)),
    ).toBe(true);
    await expect(perch.workspace.handlers['conversation:snooze'](c.id, clock.now() - 1000, '', null)).rejects.toThrow(
      /future/,
    );
  });
});
