import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCKED_MAX_CONNECTIONS } from '../../src/sandbox/http/lockdown';
import type { RunningSandbox } from '../../src/sandbox/server';
import { clientFor, sandbox } from '../support/sandbox';
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
  const page = await clientFor(locked).listConversations({ includeNotAssigned: true }, { count: 1 });
  expect(page.items).toHaveLength(1);
  for (const socket of slow) socket.destroy();
});
