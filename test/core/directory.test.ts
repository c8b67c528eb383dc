import { mkdtemp } from 'node:fs/promises';
import { dispatchToOne } from '../support/one-account';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { createWorkspace } from '../../src/main/core/compose';
import type { Workspace } from '../../src/main/core/workspace/workspace';
import { isLead } from '../../src/sandbox/model';
import type { RunningSandbox } from '../../src/sandbox/server';
import { FakeClock, settle } from '../support/fake-clock';
import { CountingTransport, sandbox } from '../support/sandbox';
import { until } from '../support/until';

let sbx: RunningSandbox;
let workspace: Workspace;
let close: () => Promise<void>;
let clock: FakeClock;
let transport: CountingTransport;

beforeEach(async () => {
  sbx = await sandbox();
  clock = new FakeClock();
  transport = new CountingTransport();
  const app = sbx.info.apps[0]!;
  const opened = createWorkspace(
    { id: 'demo', mode: 'sandbox', baseUrl: sbx.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
    {
      notifier: new RecordingNotifier(),
      clock,
      transport,
      realtime: false,
      dataDir: await mkdtemp(join(tmpdir(), 'perch-dir-')),
      openExternal: async () => {},
    },
  );
  workspace = opened.workspace;
  close = opened.close;
  await workspace.start();
  await until(() => workspace.inbox.health === 'ok' && workspace.directory.channels.length > 0);
});
afterEach(async () => {
  await close();
  await transport.close();
  await sbx.close();
});

const invoke = async (channel: string, ...args: unknown[]) => {
  const result = await dispatchToOne(workspace.handlers, channel, args);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as any;
};
const requestsTo = (path: string) => transport.requests.filter((r) => new URL(r.url).pathname.endsWith(path)).length;

describe('directory', () => {
  it('keeps channels with their counts on a one-minute cadence', async () => {
    const channels = await invoke('channels:get');
    expect(channels.length).toBe([...sbx.store.channels.values()].filter((c) => c.appId === '101').length);
    expect(channels[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      notRead: expect.any(Number),
      notAssigned: expect.any(Number),
      operators: expect.any(Array),
    });
    const record = sbx.store.channels.get(channels[0].id)!;
    expect(channels[0].operators.map((o: { id: number }) => o.id)).toEqual(record.operatorIds);
    expect(channels[0].operators.every((o: { name: string }) => o.name.length > 0)).toBe(true);
    const before = requestsTo('/channels');
    await clock.advance(59_000);
    expect(requestsTo('/channels')).toBe(before);
    await clock.advance(1000);
    await until(() => requestsTo('/channels') === before + 1);
  });

  it('polls live visitors only while they are watched', async () => {
    const visitors = await invoke('visitors:watch', true);
    expect(visitors.length).toBeGreaterThan(0);
    expect(visitors[0]).toHaveProperty('page');
    const seen: number[] = [];
    workspace.events.on('visitors:changed', (rows) => seen.push(rows.length));
    await clock.advance(15_000);
    await until(() => seen.length === 1);
    await invoke('visitors:watch', false);
    const count = requestsTo('/activeusers');
    await clock.advance(60_000);
    await settle();
    expect(requestsTo('/activeusers')).toBe(count);
  });

  it('pages and searches leads on demand, and opens a profile', async () => {
    const leads = [...sbx.store.users.values()].filter((u) => u.appId === '101' && isLead(u));
    const page = await invoke('leads:page', { offset: 0, limit: 10 });
    expect(page.total).toBe(leads.length);
    expect(page.rows).toHaveLength(10);
    const named = leads.find((u) => typeof u.props.$name === 'string')!;
    const found = await invoke('leads:page', { offset: 0, limit: 50, search: String(named.props.$name).split(' ')[0] });
    expect(found.rows.map((r: { id: number }) => r.id)).toContain(named.id);
    const profile = await invoke('visitor:get', named.id);
    expect(profile).toMatchObject({ id: named.id, props: { $name: named.props.$name } });
    expect(Array.isArray(profile.events)).toBe(true);
  });

  it('starts a conversation with a visitor and shows it in the inbox', async () => {
    const u = [...sbx.store.users.values()].find((x) => x.appId === '101')!;
    const id = await invoke('visitor:message', u.id, 'Hi! Anything I can help with?');
    expect(sbx.store.conversations.get(id)!.parts[0]!.body).toBe('Hi! Anything I can help with?');
    expect(workspace.inbox.row(id)).toBeDefined();
  });
});
