import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/main/core/api/client';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import { InboxSync } from '../../../src/main/core/sync/inbox-sync';
import { FakeClock } from '../../support/fake-clock';
import { until } from '../../support/until';

const conversation = (id: string) =>
  `{"id":${id},"created":1700000000,"read":false,"replied":false,"closed":false,"unread_parts_count":1,` +
  `"last_update":1700000000,"tags":[],"assignee":null}`;

/**
 * A server whose conversation pages are all the same page, naming the same next position; with
 * `pollsOnly`, the first read ends properly and only the `after` polls repeat.
 */
async function repeatingServer(
  pollsOnly = false,
): Promise<{ server: Server; baseUrl: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    if (pollsOnly && !req.url?.includes('paginate_direction=after') && req.url?.includes('paginate_position'))
      return res.end('{"data":[],"meta":{"status":200,"next_before_position":null}}');
    res.end(
      `{"data":[${conversation('1160406004324630614')}],"meta":{"status":200,` +
        `"next_before_position":[1700000000.5,1160406004324630614],"next_after_position":[1700000000.5,1160406004324630614]}}`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

describe('a server that repeats the same page', () => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  /** An inbox of one-conversation pages on a fake clock, reading the given server. */
  function syncAgainst(server: Server, baseUrl: string): { sync: InboxSync; clock: FakeClock } {
    const transport = createUndiciTransport({ proxyFromEnv: false });
    const clock = new FakeClock();
    const sync = new InboxSync({
      api: new ApiClient({ baseUrl, token: 't', transport }),
      clock,
      adminId: '1',
      intervalMs: 1000,
      pageSize: 1,
      random: () => 0.5,
    });
    close = async () => {
      sync.stop();
      await transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
    return { sync, clock };
  }

  it('ends the first read and each poll at the repeat, and says the inbox is in trouble', async () => {
    const { server, baseUrl, requests } = await repeatingServer();
    const { sync, clock } = syncAgainst(server, baseUrl);
    sync.start();
    await until(() => sync.health === 'degraded', { what: 'the first read to stop at the repeat' });
    // The first page, then the same page again: two requests, not 10,000 pages' worth.
    expect(requests()).toBe(2);
    expect(sync.snapshot().rows.map((r) => r.id)).toEqual(['1160406004324630614']);
    // The first read is tried again after a back-off, and stops the same way each time: two requests a try.
    for (let i = 0; i < 4; i++) {
      const before = requests();
      await clock.advance(clock.nextDelay()!);
      await until(() => requests() === before + 2 && clock.nextDelay() !== null, { what: 'the next try' });
      expect(sync.health).toBe('degraded');
    }
  });

  it('ends a poll at the repeat instead of asking a hundred times a second', async () => {
    const { server, baseUrl, requests } = await repeatingServer(true);
    const { sync, clock } = syncAgainst(server, baseUrl);
    sync.start();
    await until(() => sync.health === 'ok', { what: 'the first read' });
    const before = requests();
    await clock.advance(clock.nextDelay()!);
    await until(() => sync.health === 'degraded', { what: 'the poll to stop at the repeat' });
    // Asked for what comes after the first page's end, the server names that same end again: one request.
    expect(requests() - before).toBe(1);
    await clock.advance(clock.nextDelay()!);
    await until(() => requests() - before === 2, { what: 'the next poll' });
    expect(sync.health).toBe('degraded');
  });
});
