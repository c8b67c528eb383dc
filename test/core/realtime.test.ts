import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { systemClock } from '../../src/main/core/runtime/clock';
import { createWorkspace } from '../../src/main/core/compose';
import { RealtimeClient } from '../../src/main/core/sync/realtime-client';
import type { RealtimeEvent, RealtimeStatus } from '../../src/shared/realtime';
import type { RunningSandbox } from '../../src/sandbox/server';
import { FakeClock } from '../support/fake-clock';
import { raw, sandbox } from '../support/sandbox';
import { until } from '../support/until';

let sbx: RunningSandbox;
const clients: RealtimeClient[] = [];
const closers: (() => Promise<void>)[] = [];
beforeEach(async () => {
  sbx = await sandbox({ realtime: true });
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.stop();
  for (const close of closers.splice(0)) await close();
  await sbx.close();
});

const wsUrl = (running: RunningSandbox) => running.info.baseUrl.replace(/^http/, 'ws');

function connect(options: { token?: string; url?: string; silenceMs?: number; longPollAfterFailures?: number } = {}) {
  const client = new RealtimeClient({
    url: options.url ?? wsUrl(sbx),
    appId: sbx.info.apps[0]!.id,
    token: options.token ?? sbx.info.apps[0]!.token,
    clock: systemClock,
    silenceMs: options.silenceMs,
    longPollAfterFailures: options.longPollAfterFailures,
  });
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
const bodies = (events: RealtimeEvent[]) =>
  events.flatMap((e) => (e.type === 'changed' && e.part ? [e.part.body] : []));

describe('the Realtime Services', () => {
  it('deliver a new part with its random_id, a tag, a visitor typing, and presence', async () => {
    const { client, events } = connect();
    await until(() => client.status === 'connected');
    const c = open();
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'pushed', random_id: '31337' } });
    await raw(sbx, `/conversations/${c.id}/tag`, { form: { action: 'add', tag: 'live' } });
    await raw(sbx, `/conversations/${c.id}/settyping`, { form: { body: 'Привет', from_user: 'default_user' } });
    sbx.simulator.toggleVisitor('101');
    await until(() => events.length >= 5);
    expect(events[0]).toMatchObject({
      type: 'changed',
      conversationId: c.id,
      part: { body: 'pushed', random_id: 31337, conversation: c.id },
    });
    // The tag's part on conversation_reply, then on conversation_tag_added.
    expect(events[1]).toMatchObject({
      type: 'changed',
      conversationId: c.id,
      part: { type: 'tag_added', body: 'live' },
    });
    expect(events[2]).toEqual({ type: 'changed', conversationId: c.id, part: null });
    expect(events[3]).toEqual({ type: 'typing', conversationId: c.id, from: 'user', adminId: null, body: 'Привет' });
    expect(events[4]).toMatchObject({ type: 'presence', users: [{ id: expect.stringMatching(/^\d+$/) }] });
  });

  it('carry only the channels of the token’s own application', async () => {
    const { client, events } = connect();
    await until(() => client.status === 'connected');
    const other = [...sbx.store.conversations.values()].find((c) => c.appId === '102')!;
    sbx.simulator.writeInto(other, 'not for app 101');
    sbx.simulator.writeInto(open(), 'for app 101');
    await until(() => bodies(events).includes('for app 101'));
    expect(bodies(events)).toEqual(['for app 101']);
  });

  it('send 64-bit IDs as numbers in the documented envelope', async () => {
    const app = sbx.info.apps[0]!;
    const socket = new WebSocket(`${wsUrl(sbx)}/websocket/conversation_reply.${app.id}?auth_token=${app.token}`);
    const text = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    const c = open();
    sbx.simulator.writeInto(c, 'raw');
    const envelope = await text;
    socket.close();
    expect(envelope).toMatch(/^\{"id":\d+,"channel":"conversation_reply\.101","message":\{"id":\d{19},/);
    expect(envelope).toContain(`"conversation":${c.id},`);
    expect(envelope).toMatch(/"tag":"\d+","time":"\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT"\}$/);
  });

  it('close with 3401 for a wrong token, and the client stops asking', async () => {
    const socket = new WebSocket(`${wsUrl(sbx)}/websocket/ping?auth_token=nope`);
    const code = await new Promise<number>((resolve) => socket.once('close', resolve));
    expect(code).toBe(3401);
    const { client } = connect({ token: 'nope' });
    await until(() => client.status === 'signed-out');
  });

  it('close with 3403 when no channel is the token’s', async () => {
    const app = sbx.info.apps[0]!;
    const socket = new WebSocket(`${wsUrl(sbx)}/websocket/conversation_reply.102?auth_token=${app.token}`);
    expect(await new Promise<number>((resolve) => socket.once('close', resolve))).toBe(3403);
  });

  it('resume after a drop with tag and time: what was written meanwhile still comes', async () => {
    const { client, events, statuses } = connect();
    await until(() => client.status === 'connected');
    const c = open();
    sbx.simulator.writeInto(c, 'before the drop');
    await until(() => bodies(events).length === 1);
    sbx.realtime.disconnectAll();
    sbx.simulator.writeInto(c, 'while disconnected');
    await until(() => bodies(events).length === 2, { ms: 8000, what: 'the missed message' });
    expect(bodies(events)).toEqual(['before the drop', 'while disconnected']);
    expect(statuses).toContain('disconnected');
  });

  it('fall back to long polling where a proxy refuses WebSocket', async () => {
    // A proxy that forwards plain requests to the sandbox and refuses every upgrade.
    const target = new URL(sbx.info.baseUrl);
    const proxy = createServer((req, res) => {
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    proxy.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n'));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    });
    const port = (proxy.address() as AddressInfo).port;
    const { client, events } = connect({ url: `ws://127.0.0.1:${port}`, longPollAfterFailures: 1 });
    await until(() => client.status === 'long-polling' && sbx.realtime.connections > 0, {
      ms: 8000,
      what: 'a long poll to wait',
    });
    const c = open();
    sbx.simulator.writeInto(c, 'by long poll');
    await until(() => bodies(events).includes('by long poll'), { ms: 8000, what: 'the message by long poll' });
  });
});

describe('workspace with realtime', () => {
  it('notifies a visitor message without waiting for a poll', async () => {
    const app = sbx.info.apps[0]!;
    const notifier = new RecordingNotifier();
    const clock = new FakeClock();
    const opened = createWorkspace(
      { id: 'demo', mode: 'sandbox', baseUrl: sbx.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
      { notifier, clock, dataDir: await mkdtemp(join(tmpdir(), 'perch-rt-')), openExternal: async () => {} },
    );
    await opened.workspace.start();
    await until(() => opened.workspace.inbox.health === 'ok' && opened.workspace.currentAttention.realtime);
    const c = [...sbx.store.conversations.values()].find(
      (x) => x.appId === app.id && !x.closed && x.assigneeId === null && x.userReplies > 0 && !x.assistantType,
    )!;
    sbx.simulator.writeInto(c, 'instant');
    // The fake clock never advances: no poll runs, only the realtime message can deliver this.
    await until(() => notifier.shown.some((n) => n.conversationId === c.id && n.body === 'instant'));
    expect(opened.workspace.inbox.row(c.id)!.preview).toBe('instant');
    await opened.close();
  });
});
