import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { systemClock } from '../../src/main/core/clock';
import { RealtimeClient } from '../../src/main/core/sync/realtime-client';
import type { RealtimeEvent } from '../../src/shared/realtime';
import { until } from '../support/until';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

it('keeps a Cyrillic letter whole when the stream splits it between two chunks', async () => {
  const body = 'Привет, мир';
  const event = `id: 1\ndata: ${JSON.stringify({ type: 'typing', conversation_id: 7, from: 'user', admin_id: null, body })}\n\n`;
  const bytes = Buffer.from(event, 'utf8');
  // "П" is two bytes (D0 9F): cut between them.
  const cut = bytes.indexOf(Buffer.from('П', 'utf8')) + 1;
  expect(bytes[cut - 1]).toBe(0xd0);
  let streams: ServerResponse[] = [];
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    streams.push(res);
    res.write(bytes.subarray(0, cut));
    // The rest goes out as a separate write once the first half has left.
    setTimeout(() => res.write(bytes.subarray(cut)), 100);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const s of streams) s.destroy();
    streams = [];
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const client = new RealtimeClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: 't',
    clock: systemClock,
  });
  closers.unshift(() => client.stop());
  const events: RealtimeEvent[] = [];
  client.events.on('event', (e) => events.push(e));
  client.start();
  await until(() => events.length >= 1, { what: 'the typing event' });
  expect(events[0]).toEqual({ type: 'typing', conversation_id: '7', from: 'user', admin_id: null, body });
});
