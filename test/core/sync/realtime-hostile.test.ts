import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScopedLog } from '../../../src/main/core/ports';
import { systemClock } from '../../../src/main/core/runtime/clock';
import { RealtimeClient, type RealtimeOptions } from '../../../src/main/core/sync/realtime-client';
import type { RealtimeStatus } from '../../../src/shared/realtime';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { envelope, hostileRealtime, type HostilePlay, type HostileRealtime } from '../../support/hostile-realtime';
import { sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

let sbx: RunningSandbox;
const cleanups: (() => Promise<void>)[] = [];
beforeEach(async () => {
  sbx = await sandbox({ realtime: true });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await sbx.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LIVE: RealtimeStatus[] = ['connected', 'long-polling'];

/** A client of a hostile server, its statuses and log lines recorded; jitter fixed at the middle. */
async function against(play: HostilePlay, options: Partial<RealtimeOptions> = {}) {
  const server = await hostileRealtime(sbx, play);
  const lines: { level: string; message: string; fields?: object }[] = [];
  const log: ScopedLog = {
    info: (message, fields) => void lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => void lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => void lines.push({ level: 'error', message, fields }),
  };
  const client = new RealtimeClient({
    url: server.wsUrl,
    appId: sbx.info.apps[0]!.id,
    token: sbx.info.apps[0]!.token,
    clock: systemClock,
    random: () => 0.5,
    log,
    ...options,
  });
  const statuses: RealtimeStatus[] = [];
  client.events.on('status', (s) => statuses.push(s));
  cleanups.push(server.close, () => client.stop());
  client.start();
  return { server, client, statuses, lines };
}

const emptyAtOnce = (res: ServerResponse, n: number) => {
  if (n % 2 === 0) res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  else res.writeHead(304).end();
};

/** Long polls asked once `long-polling` (or `degraded`) began, over the next `ms`. */
async function longPollsOver(server: HostileRealtime, ms: number): Promise<number> {
  await until(() => server.counts.longPolls > 0, { what: 'the first long poll' });
  const before = server.counts.longPolls;
  await sleep(ms);
  return server.counts.longPolls - before;
}

describe('long polling a server that answers at once', () => {
  it('asks again ever more slowly after empty answers, and stops counting as live', async () => {
    let n = 0;
    const { server, client } = await against(
      { websocket: 'refuse', longPoll: (_req, res) => emptyAtOnce(res, n++) },
      { longPollAfterFailures: 1 },
    );
    // At once, every answer asked anew: thousands in three seconds. Spaced 0.75, 1.5, 3 s: three.
    expect(await longPollsOver(server, 3000)).toBeLessThanOrEqual(4);
    expect(client.status).toBe('degraded');
  });

  it('takes a page that is not JSON (a portal, a proxy) as a failure, and backs off', async () => {
    const { server, client, statuses } = await against(
      {
        websocket: 'refuse',
        longPoll: (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>'),
      },
      { longPollAfterFailures: 1 },
    );
    expect(await longPollsOver(server, 3000)).toBeLessThanOrEqual(4);
    expect(LIVE).not.toContain(client.status);
    expect(statuses.filter((s) => s === 'long-polling').length).toBeLessThanOrEqual(1);
  });

  it('pauses realtime past the quick answers a minute allows, and polling carries everything', async () => {
    const app = sbx.info.apps[0]!;
    let id = 1;
    const { server, client, lines } = await against(
      {
        websocket: 'refuse',
        longPoll: (_req, res) => {
          const message = envelope(id, `conversation_read.${app.id}`, { conversation: 900_000 + id++, user: 1 });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([message]));
        },
      },
      { longPollAfterFailures: 1, quickAnswersPerMinute: 3, longPollForMs: 60_000 },
    );
    await until(() => client.status === 'degraded', { what: 'realtime counted as degraded' });
    const asked = server.counts.longPolls;
    expect(asked).toBe(4);
    await sleep(1500);
    expect(server.counts.longPolls).toBe(asked);
    expect(client.status).toBe('degraded');
    expect(lines.some((l) => l.message === 'long polls answered at once; realtime paused')).toBe(true);
  });

  it('a long poll held until a message comes is asked again at once', async () => {
    const app = sbx.info.apps[0]!;
    let id = 1;
    const { server, client } = await against(
      {
        websocket: 'refuse',
        longPoll: (_req, res) => {
          const message = envelope(id, `conversation_read.${app.id}`, { conversation: 900_000 + id++, user: 1 });
          setTimeout(() => res.writeHead(200).end(JSON.stringify([message])), 2100);
        },
      },
      { longPollAfterFailures: 1, quickAnswersPerMinute: 3 },
    );
    await until(() => server.counts.longPolls >= 3, { what: 'three held long polls' });
    expect(client.status).toBe('long-polling');
  });
});

describe('a WebSocket that opens and closes', () => {
  it('is not taken for a working line: three such closes switch to long polling, logged once', async () => {
    const { server, client, lines } = await against({ websocket: (ws) => ws.close(1000) }, { random: () => 0.25 });
    await until(() => client.status === 'long-polling', { ms: 8000, what: 'the switch to long polling' });
    expect(server.counts.upgrades).toBe(3);
    await sleep(1000);
    expect(server.counts.upgrades).toBe(3);
    expect(lines.filter((l) => l.message === 'connection closed')).toHaveLength(1);
  });

  it('one that lived 30 s, or brought a message, is forgotten: a later drop starts the backoff afresh', async () => {
    const app = sbx.info.apps[0]!;
    let id = 1;
    const { server, client } = await against({
      websocket: (ws) => {
        ws.send(JSON.stringify(envelope(id++, `conversation_read.${app.id}`, { conversation: 5 })));
        setTimeout(() => ws.close(1000), 50);
      },
    });
    // Each connection brings a real message, so none counts towards long polling.
    await until(() => server.counts.upgrades >= 5, { ms: 8000, what: 'five connections' });
    expect(client.status).not.toBe('long-polling');
  });
});

describe('a WebSocket that opens and never speaks', () => {
  it('is not live until a ping or message comes; after two silent ones it says degraded', async () => {
    const { client, statuses, server } = await against({ websocket: () => {} }, { firstWordMs: 300 });
    await until(() => server.counts.upgrades >= 2 && client.status === 'degraded', {
      ms: 8000,
      what: 'two silent connections',
    });
    expect(statuses).not.toContain('connected');
  });

  it('a ping makes it live; a line that then falls silent is lost and connected again', async () => {
    const { client, statuses, server } = await against(
      { websocket: (ws) => ws.send(JSON.stringify(envelope(1, 'ping', { timestamp: 1 }))) },
      { silenceMs: 300 },
    );
    await until(() => client.status === 'connected', { what: 'live after the ping' });
    await until(() => server.counts.upgrades >= 2 && statuses.filter((s) => s === 'connected').length >= 2, {
      ms: 8000,
      what: 'a second connection',
    });
    expect(statuses).toContain('disconnected');
  });
});
