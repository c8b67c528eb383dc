import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import type { Clock, Connection } from '../../src/main/core/ports';
import { createWorkspace } from '../../src/main/core/compose';
import { JsonFile } from '../../src/main/core/storage/json-file';
import type { RunningSandbox } from '../../src/sandbox/server';
import { FakeClock } from '../support/fake-clock';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

/** What one reply, and an inbox where nothing changes, cost on disk and over IPC. */

let sbx: RunningSandbox;
const open: (() => Promise<void>)[] = [];
let writes: string[] = [];
beforeEach(async () => {
  sbx = await sandbox();
  writes = [];
  const write = JsonFile.prototype.write;
  vi.spyOn(JsonFile.prototype, 'write').mockImplementation(function (this: JsonFile<unknown>, value: unknown) {
    writes.push(basename(this.path));
    return write.call(this, value);
  });
});
afterEach(async () => {
  for (const close of open.splice(0)) await close();
  vi.restoreAllMocks();
  await sbx.close();
});

async function start(options: { clock?: Clock; realtime?: boolean } = {}) {
  const app = sbx.info.apps[0]!;
  const connection: Connection = {
    id: 'demo',
    mode: 'sandbox',
    baseUrl: sbx.info.baseUrl,
    appId: app.id,
    adminId: app.adminId,
    token: app.token,
  };
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-cost-'));
  const opened = createWorkspace(connection, {
    notifier: new RecordingNotifier(),
    dataDir,
    openExternal: async () => {},
    inboxIntervalMs: 60_000,
    ...options,
  });
  open.push(opened.close);
  const { workspace } = opened;
  const events = { inbox: 0, outbox: 0 };
  workspace.events.on('inbox:changed', () => void events.inbox++);
  workspace.events.on('outbox:changed', () => void events.outbox++);
  await workspace.start();
  await until(() => workspace.inbox.snapshot().progress.done && workspace.inbox.health === 'ok', {
    what: 'the first sync',
  });
  return { workspace, events, appId: app.id };
}

const countOf = (name: string) => writes.filter((w) => w === name).length;

describe('the cost of a reply', () => {
  it.each([
    ['polling alone', false],
    ["with the sandbox's stream", true],
  ])('%s: one outbox write, one inbox:changed, at most two outbox:changed (queued, landed)', async (_, stream) => {
    if (stream) {
      await sbx.close();
      sbx = await sandbox({ realtime: true });
    }
    // Polling alone has no realtime client: its connection attempts would change the status meanwhile.
    const { workspace, events, appId } = await start({ realtime: stream });
    if (stream) await until(() => workspace.currentAttention.realtime === true, { what: 'the realtime stream' });
    const conversation = workspace.inbox.snapshot().rows.find((r) => !r.closed)!;
    writes = [];
    Object.assign(events, { inbox: 0, outbox: 0 });

    await workspace.handlers['conversation:reply']({
      conversationId: conversation.id,
      body: 'One reply, one write',
      kind: 'reply',
    });
    await until(() => workspace.outbox.list().length === 0, { what: 'the reply to land' });
    await until(() => workspace.inbox.row(conversation.id)?.preview === 'One reply, one write', {
      what: 'the inbox to show the reply',
    });
    // The next poll sees the same conversation the stream or the re-read already brought: nothing new to say.
    await workspace.inbox.pollOnce();

    expect(countOf(`outbox-${appId}.json`)).toBe(1);
    expect(events.inbox).toBe(1);
    expect(events.outbox).toBeLessThanOrEqual(2);
    expect(
      [...sbx.store.conversations.get(conversation.id)!.parts].filter((p) => p.body === 'One reply, one write'),
    ).toHaveLength(1);
  });

  it('the inbox cache is written when the inbox changed, not when nothing did', async () => {
    const clock = new FakeClock();
    const { workspace, events, appId } = await start({ clock, realtime: false });
    const cache = `inbox-${appId}.json`;
    const read = workspace.inbox.snapshot().rows.find((r) => r.unread === 0)!;
    workspace.inbox.markSeen(read.id);
    await clock.advance(5_000);
    expect(countOf(cache)).toBe(1);
    writes = [];
    events.inbox = 0;

    // Already read, delivered again: the same rows, the same read state.
    for (let i = 0; i < 3; i++) {
      workspace.inbox.markSeen(read.id);
      workspace.inbox.ingest([workspace.inbox.conversation(read.id)!]);
      await clock.advance(5_000);
    }
    expect(countOf(cache)).toBe(0);
    expect(events.inbox).toBe(0);

    // A visitor writes: one more write of the cache, after the quiet period.
    const record = sbx.store.conversations.get(read.id)!;
    sbx.simulator.writeInto(record, 'a real change');
    await workspace.inbox.pollOnce();
    expect(countOf(cache)).toBe(0);
    await clock.advance(5_000);
    expect(countOf(cache)).toBe(1);
    expect(events.inbox).toBeGreaterThan(0);
  });
});
