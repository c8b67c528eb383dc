import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCKED_MAX_CONNECTIONS } from '../../src/sandbox/http/lockdown';
import type { RunningSandbox } from '../../src/sandbox/server';
import { apiOn, sandbox } from '../support/sandbox';
import { stallFlood } from '../support/stall-flood';
import { until } from '../support/until';

let locked: RunningSandbox;
beforeAll(async () => {
  locked = await sandbox({ lockedDown: true, conversationsPerApp: 5 });
});
afterAll(() => locked.close());

it('closes slow connections within seconds, so more than its cap of them keep Perch out only briefly', async () => {
  const port = Number(new URL(locked.info.baseUrl).port);
  const host = new URL(locked.info.baseUrl).host;
  const slow: Socket[] = [];
  let closed = 0;
  // More stalled requests than the cap: each sends half a header and then nothing.
  for (let i = 0; i < LOCKED_MAX_CONNECTIONS + 6; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('close', () => (closed += 1));
    socket.write(`GET /v2/apps/$self_app/conversations HTTP/1.1\r\nhost: ${host}\r\n`);
    slow.push(socket);
  }
  // The server drops the stalled ones by itself, and Perch gets in while they are still trying.
  await until(() => closed >= LOCKED_MAX_CONNECTIONS, { ms: 15_000, what: 'the stalled connections to be closed' });
  const page = await apiOn(locked).listConversations({ includeNotAssigned: true }, { count: 1 });
  expect(page.items).toHaveLength(1);
  for (const socket of slow) socket.destroy();
});

it('lets Perch in while a local program keeps re-opening more stalled connections than the cap', async () => {
  const port = Number(new URL(locked.info.baseUrl).port);
  const flood = stallFlood(port, new URL(locked.info.baseUrl).host, LOCKED_MAX_CONNECTIONS + 6);
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    let answered = 0;
    for (let probe = 0; probe < 6; probe++) {
      // A fresh client each time: a new connection, as after a restart or a dropped line.
      const page = await apiOn(locked)
        .listConversations({ includeNotAssigned: true }, { count: 1 })
        .catch(() => null);
      if (page?.items.length === 1) answered += 1;
    }
    expect(answered).toBe(6);
  } finally {
    flood.stop();
  }
});

it('keeps no connection open after a request without this install’s token', async () => {
  const streaming = await sandbox({ lockedDown: true, conversationsPerApp: 5, realtime: true });
  const port = Number(new URL(streaming.info.baseUrl).port);
  const host = new URL(streaming.info.baseUrl).host;
  // A long poll without a token is answered 401; the line is then closed, not kept for another try.
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let answer = '';
  let closed = false;
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.write(`GET /longpoll/ping HTTP/1.1\r\nhost: ${host}\r\n\r\n`);
  await until(() => closed, { ms: 2000, what: 'the server to close the connection' }).finally(() => {
    socket.destroy();
    return streaming.close();
  });
  expect(answer).toMatch(/^HTTP\/1\.1 401/);
  expect(answer.toLowerCase()).toContain('connection: close');
});
