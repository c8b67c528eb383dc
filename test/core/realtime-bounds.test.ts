import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { Diagnostics } from '../../src/main/core/log/diagnostics';
import { MAX_MESSAGES_PER_FRAME } from '../../src/main/core/sync/realtime-client';
import type { Workspace } from '../../src/main/core/workspace/workspace';
import { createWorkspace } from '../../src/main/core/compose';
import type { RunningSandbox } from '../../src/sandbox/server';
import { envelope, hostileRealtime, type HostileRealtime } from '../support/hostile-realtime';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

let sbx: RunningSandbox;
let server: HostileRealtime;
let workspace: Workspace;
let diagnostics: Diagnostics;
let close: () => Promise<void>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A workspace whose realtime server pings on connecting, then sends what the test says. */
beforeEach(async () => {
  sbx = await sandbox({ realtime: true, conversationsPerApp: 300 });
  server = await hostileRealtime(sbx, {
    websocket: (ws) => ws.send(JSON.stringify(envelope(0, 'ping', { timestamp: 1 }))),
  });
  const app = sbx.info.apps[0]!;
  diagnostics = new Diagnostics();
  const opened = createWorkspace(
    { id: 'hostile', mode: 'sandbox', baseUrl: server.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
    {
      notifier: new RecordingNotifier(),
      diagnostics,
      inboxIntervalMs: 60_000,
      dataDir: await mkdtemp(join(tmpdir(), 'perch-rt-bounds-')),
      openExternal: async () => {},
    },
  );
  workspace = opened.workspace;
  close = opened.close;
  await workspace.start();
  await until(() => workspace.inbox.health === 'ok' && workspace.currentAttention.realtime, {
    what: 'synced and live',
  });
});
afterEach(async () => {
  await close();
  await server.close();
  await sbx.close();
});

const app = () => sbx.info.apps[0]!;
const readsOf = (ids: (string | number)[], first = 1) =>
  JSON.stringify(
    ids.map((id, i) => envelope(first + i, `conversation_read.${app().id}`, { conversation: id, user: 1 })),
  );
const send = (frame: string) => {
  for (const ws of server.sockets) ws.send(frame);
};
const unknownIds = (from: number, count: number) => Array.from({ length: count }, (_, i) => 900_000_000 + from + i);

describe('realtime frames that name many conversations', () => {
  it('one frame of 20,000: a few reads, the rest counted and left to one poll', async () => {
    const reads = server.counts.conversationReads;
    const polls = server.counts.inboxReads;
    send(readsOf(unknownIds(0, 20_000)));
    await until(() => diagnostics.report().skippedTotal > 0, { what: 'the overflow counted' });
    await sleep(1500);
    // The burst for new chats (20), and one a second after it.
    expect(server.counts.conversationReads - reads).toBeLessThanOrEqual(25);
    // One poll for what was left out (a catch-up poll of going live may still be paging).
    expect(server.counts.inboxReads - polls).toBeGreaterThanOrEqual(1);
    expect(server.counts.inboxReads - polls).toBeLessThanOrEqual(3);
    expect(diagnostics.report().skipped[0]!.reason).toBe(
      `${20_000 - MAX_MESSAGES_PER_FRAME} realtime messages past the first ${MAX_MESSAGES_PER_FRAME} of one frame`,
    );
  });

  it('a dozen new conversations in a few seconds (visitors starting chats) are each read at once', async () => {
    const reads = server.counts.conversationReads;
    for (let i = 0; i < 12; i++) {
      send(readsOf(unknownIds(50_000 + i, 1)));
      await sleep(100);
    }
    await until(() => server.counts.conversationReads - reads >= 12, { what: 'every new conversation read' });
  });

  it('a stream of new IDs every 50 ms: reads stay few however long it lasts', async () => {
    const reads = server.counts.conversationReads;
    for (let i = 0; i < 40; i++) {
      send(readsOf(unknownIds(i * 500, 500)));
      await sleep(50);
    }
    await sleep(500);
    expect(server.counts.conversationReads - reads).toBeLessThanOrEqual(25);
  });

  it('conversations the agent has: a few read at a time, a bounded number wait, the rest go to the poll', async () => {
    const known = workspace.inbox
      .snapshot()
      .rows.slice(0, MAX_MESSAGES_PER_FRAME)
      .map((r) => r.id);
    expect(known).toHaveLength(MAX_MESSAGES_PER_FRAME);
    const reads = server.counts.conversationReads;
    send(readsOf(known));
    await sleep(1500);
    expect(server.counts.conversationReads - reads).toBeLessThanOrEqual(24);
    expect(server.counts.conversationReads - reads).toBeGreaterThanOrEqual(4);
  });
});

describe('a typing flood', () => {
  it('3,000 typing messages every 50 ms reach the window a few times a second, the latest winning', async () => {
    const typed: { conversationId: string; body: string }[] = [];
    workspace.events.on('conversation:typing', (event) => typed.push(event));
    const [one, other] = workspace.inbox.snapshot().rows.map((r) => r.id);
    const typing = (frame: number) =>
      JSON.stringify(
        Array.from({ length: 3000 }, (_, i) =>
          envelope(i, `conversation_typing.${app().id}`, {
            conversation: i % 3 === 0 ? one : i % 3 === 1 ? other : 900_000_000 + i,
            user: 1,
            body: `frame ${frame} #${i}`,
          }),
        ),
      );
    const started = Date.now();
    for (let frame = 0; frame < 40; frame++) {
      send(typing(frame));
      await sleep(50);
    }
    await sleep(500);
    // One per 300 ms per conversation, for the two the agent has; none for the others.
    expect(typed.length).toBeLessThanOrEqual(2 * (Math.ceil((Date.now() - started) / 300) + 1));
    expect(new Set(typed.map((t) => t.conversationId))).toEqual(new Set([one, other]));
    expect(typed.filter((t) => t.conversationId === one).at(-1)!.body).toBe('frame 39 #198');
  });
});
