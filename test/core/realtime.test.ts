import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { systemClock } from '../../src/main/core/clock';
import { createWorkspace } from '../../src/main/core/workspace-factory';
import { RealtimeClient, type RealtimeStatus } from '../../src/main/core/sync/realtime-client';
import type { RealtimeEvent } from '../../src/shared/realtime';
import type { RunningSandbox } from '../../src/sandbox/server';
import { FakeClock } from '../support/fake-clock';
import { raw, sandbox } from '../support/sandbox';
import { until } from '../support/until';

let sbx: RunningSandbox;
const clients: RealtimeClient[] = [];
beforeEach(async () => {
  sbx = await sandbox({ realtime: true });
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.stop();
  await sbx.close();
});

function connect(token = sbx.info.apps[0]!.token, baseUrl = sbx.info.baseUrl) {
  const client = new RealtimeClient({ baseUrl, token, clock: systemClock, unsupportedRetryMs: 60_000 });
  clients.push(client);
  const events: RealtimeEvent[] = [];
  const statuses: RealtimeStatus[] = [];
  client.events.on('event', (e) => events.push(e));
  client.events.on('status', (s) => statuses.push(s));
  client.start();
  return { client, events, statuses };
}

const open = () =>
  [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed && c.userReplies > 0)!;

describe('realtime stream', () => {
  it('delivers new parts with their random_id, conversation changes and typing', async () => {
    const { client, events } = connect();
    await until(() => client.status === 'connected');
    const c = open();
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'pushed', random_id: '31337' } });
    await raw(sbx, `/conversations/${c.id}/tag`, { form: { action: 'add', tag: 'live' } });
    await raw(sbx, `/conversations/${c.id}/settyping`, { form: { body: 'Wri', from_user: 'default_user' } });
    await until(() => events.length >= 3);
    expect(events[0]).toMatchObject({
      type: 'part',
      part: { body: 'pushed', random_id: 31337 },
      conversation: { id: c.id },
    });
    // A version 2 tag writes a system part (tag_added), which the stream carries with its conversation.
    expect(events[1]).toMatchObject({
      type: 'part',
      part: { type: 'tag_added', body: 'live' },
      conversation: { id: c.id, tags: expect.arrayContaining(['live']) },
    });
    expect(events[2]).toEqual({ type: 'typing', conversation_id: c.id, from: 'user', admin_id: null, body: 'Wri' });
  });

  it('only carries events of the token’s own application', async () => {
    const { client, events } = connect();
    await until(() => client.status === 'connected');
    const other = [...sbx.store.conversations.values()].find((c) => c.appId === '102')!;
    sbx.simulator.writeInto(other, 'not for app 101');
    sbx.simulator.writeInto(open(), 'for app 101');
    await until(() => events.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.map((e) => (e.type === 'part' ? e.part.body : ''))).toEqual(['for app 101']);
  });

  it('refuses a wrong token', async () => {
    const res = await fetch(`${sbx.info.baseUrl}/realtime`, { headers: { authorization: 'Token nope' } });
    expect(res.status).toBe(401);
    const { client } = connect('nope');
    await until(() => client.status === 'signed-out');
  });

  it('reconnects after a drop and replays what it missed with Last-Event-ID', async () => {
    const { client, events, statuses } = connect();
    await until(() => client.status === 'connected');
    const c = open();
    sbx.simulator.writeInto(c, 'before the drop');
    await until(() => events.length === 1);
    // Every open stream ends, and a message is written before the client is back.
    sbx.realtime.disconnectAll();
    sbx.simulator.writeInto(c, 'while disconnected');
    await until(() => events.length === 2, { ms: 8000 });
    expect(events.map((e) => (e.type === 'part' ? e.part.body : ''))).toEqual([
      'before the drop',
      'while disconnected',
    ]);
    expect(statuses).toContain('disconnected');
  });

  it('reports a server without a stream as unsupported', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"data":{},"meta":{"status":404,"error":"NotFound"}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { client } = connect('t', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await until(() => client.status === 'unsupported');
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('workspace with realtime', () => {
  it('notifies a visitor message without waiting for a poll', async () => {
    const app = sbx.info.apps[0]!;
    const notifier = new RecordingNotifier();
    const clock = new FakeClock();
    const session = createWorkspace(
      { id: 'demo', mode: 'sandbox', baseUrl: sbx.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
      { notifier, clock, dataDir: await mkdtemp(join(tmpdir(), 'perch-rt-')), openExternal: async () => {} },
    );
    await session.workspace.start();
    await until(() => session.workspace.inbox.health === 'ok' && session.workspace.currentAttention.realtime);
    const c = [...sbx.store.conversations.values()].find(
      (x) => x.appId === app.id && !x.closed && x.assigneeId === null && x.userReplies > 0 && !x.assistantType,
    )!;
    sbx.simulator.writeInto(c, 'instant');
    // The fake clock never advances: no poll runs, only the stream can deliver this.
    await until(() => notifier.shown.some((n) => n.conversationId === c.id && n.body === 'instant'));
    expect(session.workspace.inbox.row(c.id)!.preview).toBe('instant');
    await session.close();
  });
});
