// npm run bench:sync [-- --quick]: Perch's sync against a naive poller, side by side.
// The last line printed is one JSON object with the figures (see README, "Performance").
import { isFromVisitor } from '../src/shared/inbox';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/main/core/api/client';
import { createUndiciTransport } from '../src/main/core/api/transport';
import type { HttpRequest, HttpTransport } from '../src/main/core/ports';
import { createWorkspace } from '../src/main/core/compose';
import { InboxSync } from '../src/main/core/sync/inbox-sync';
import { slimInboxApi } from '../src/main/core/sync/slim-conversation';
import { machine, percentile, round, sleep, spawnSandbox, visitorMessage } from './support';
import { coreRss10k, type Sandbox } from './sync-core-process';

const quick = process.argv.includes('--quick');
const POLL_MS = quick ? 1000 : 2000;
const MESSAGES = quick ? 12 : 60;
// Long enough for the background sweep to read at least one page (one every ~17 polls).
const IDLE_MS = quick ? 24_000 : 120_000;

class Counting implements HttpTransport {
  requests = 0;
  bytes = 0;
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });
  async send(request: HttpRequest) {
    const res = await this.inner.send(request);
    this.requests += 1;
    // Bytes on the wire, approximately: the body plus a typical header block each way.
    this.bytes += Buffer.byteLength(res.body) + request.url.length + 400;
    return res;
  }
  close() {
    return this.inner.close();
  }
}

/** What existing client libraries lead to: re-read the first page every interval and diff it. */
function naivePoller(api: ApiClient, onMessage: (partId: string) => void) {
  const lastPart = new Map<string, string>();
  let first = true;
  let timer: NodeJS.Timeout | null = null;
  const tick = async () => {
    try {
      const page = await api.listConversations({ includeNotAssigned: true }, {});
      for (const c of page.items) {
        const part = c.part_last;
        if (part && lastPart.get(c.id) !== part.id) {
          lastPart.set(c.id, part.id);
          if (!first && isFromVisitor(part)) onMessage(part.id);
        }
      }
      first = false;
    } finally {
      timer = setTimeout(() => void tick(), POLL_MS);
    }
  };
  void tick();
  return () => timer && clearTimeout(timer);
}

/**
 * One poller against a sandbox of its own: idle cost, then a stream of visitor messages. In
 * 'perch-replying' the agent also replies through the contract in other conversations while
 * the visitors write, as a real agent does (polling alone, no stream).
 */
async function measure(name: 'perch' | 'perch-replying' | 'naive', ready: () => Promise<void>) {
  const sandbox = await spawnSandbox(['--conversations', '5000', '--seed', '3', '--no-realtime']);
  const app = sandbox.info.apps[0]!;
  const transport = new Counting();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const onNotify = (partId: string) => {
    const t0 = sentAt.get(partId);
    if (t0 !== undefined) {
      latencies.push(performance.now() - t0);
      sentAt.delete(partId);
    }
  };
  let stop: () => unknown;
  let agentReply: ((i: number) => Promise<unknown>) | null = null;
  if (name !== 'naive') {
    const opened = createWorkspace(
      {
        id: 'demo',
        mode: 'sandbox',
        baseUrl: sandbox.info.baseUrl,
        appId: app.id,
        adminId: app.adminId,
        token: app.token,
      },
      {
        notifier: { show: () => {} },
        transport,
        realtime: false,
        inboxIntervalMs: POLL_MS,
        dataDir: await mkdtemp(join(tmpdir(), 'perch-bench-')),
        openExternal: async () => {},
      },
    );
    opened.workspace.inbox.events.on('visitor-message', ({ part }) => onNotify(part.id));
    await opened.workspace.start();
    while (opened.workspace.inbox.health !== 'ok') await sleep(20);
    stop = () => opened.close();
    if (name === 'perch-replying') {
      const elsewhere = opened.workspace.inbox
        .snapshot()
        .rows.filter((row) => !row.closed)
        .slice(-20)
        .map((row) => row.id);
      agentReply = (i) =>
        opened.workspace.handlers['conversation:reply']({
          conversationId: elsewhere[i % elsewhere.length]!,
          body: `agent ${i}`,
          kind: 'reply',
        });
    }
  } else {
    const api = new ApiClient({ baseUrl: sandbox.info.baseUrl, token: app.token, appId: app.id, transport });
    stop = naivePoller(api, onNotify);
    await sleep(POLL_MS * 1.5);
  }
  await ready();

  // Idle: nothing happens on the server; count what staying up to date costs.
  const before = { requests: transport.requests, bytes: transport.bytes };
  await sleep(agentReply ? 0 : IDLE_MS);
  const idleRequestsPerMin = ((transport.requests - before.requests) * 60_000) / IDLE_MS;
  const idleBytesPerMin = ((transport.bytes - before.bytes) * 60_000) / IDLE_MS;

  // A steady stream of visitor messages at random moments within the poll cycle.
  for (let i = 0; i < MESSAGES; i++) {
    await sleep(POLL_MS * (0.3 + Math.random() * 0.9));
    if (agentReply) {
      await agentReply(i);
      await sleep(POLL_MS * 0.2);
    }
    const t0 = performance.now();
    const { partId } = await visitorMessage(sandbox.info, { appId: app.id, body: `bench ${i}` });
    sentAt.set(partId, t0);
  }
  await sleep(POLL_MS * 2);
  await stop();
  await transport.close();
  await sandbox.stop();
  return {
    latencyP50Ms: round(percentile(latencies, 50)),
    latencyP95Ms: round(percentile(latencies, 95)),
    missed: sentAt.size,
    idleRequestsPerMin: round(idleRequestsPerMin),
    idleBytesPerMin: Math.round(idleBytesPerMin),
  };
}

/** Resolves for everyone once `parties` callers have arrived (`passed`: for whoever only watches). */
function barrier(parties: number): (() => Promise<void>) & { passed: Promise<void> } {
  let arrived = 0;
  let release = () => {};
  const all = new Promise<void>((resolve) => (release = resolve));
  const arrive = () => {
    if (++arrived === parties) release();
    return all;
  };
  return Object.assign(arrive, { passed: all });
}

async function initialSync10k(sandbox: Sandbox) {
  const app = sandbox.info.apps[0]!;
  const transport = createUndiciTransport({ proxyFromEnv: false });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  // As the workspace reads it: slim conversations.
  const sync = new InboxSync({
    api: slimInboxApi(new ApiClient({ baseUrl: sandbox.info.baseUrl, token: app.token, appId: app.id, transport })),
    clock: { now: Date.now, setTimeout, clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    adminId: app.adminId,
    intervalMs: 60_000,
  });
  const t0 = performance.now();
  await sync.initialSync();
  const ms = performance.now() - t0;
  global.gc?.();
  const memory = process.memoryUsage();
  const rows = sync.snapshot().rows.length;
  await transport.close();
  return {
    initialSync10kMs: Math.round(ms),
    rows,
    rssMb10k: round(memory.rss / 2 ** 20),
    rssGrowthMb10k: round((memory.rss - rssBefore) / 2 ** 20),
    heapMb10k: round(memory.heapUsed / 2 ** 20),
  };
}

/**
 * Notification latency over the Realtime Services: the workspace as the app runs it (realtime
 * on, polling as the 30 s safety net), a visitor message at a time. With `lossy`, the service
 * drops a fifth of its messages, which only the safety net then brings.
 */
async function measureRealtime(lossy: boolean, ready: () => Promise<void>) {
  const sandbox = await spawnSandbox([
    '--conversations',
    '5000',
    '--seed',
    '3',
    ...(lossy ? ['--realtime-faults', '{"dropRate":0.2}'] : []),
  ]);
  const app = sandbox.info.apps[0]!;
  const transport = new Counting();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const opened = createWorkspace(
    {
      id: 'demo',
      mode: 'sandbox',
      baseUrl: sandbox.info.baseUrl,
      appId: app.id,
      adminId: app.adminId,
      token: app.token,
    },
    {
      notifier: { show: () => {} },
      transport,
      dataDir: await mkdtemp(join(tmpdir(), 'perch-bench-')),
      openExternal: async () => {},
    },
  );
  opened.workspace.inbox.events.on('visitor-message', ({ part }) => {
    const t0 = sentAt.get(part.id);
    if (t0 === undefined) return;
    latencies.push(performance.now() - t0);
    sentAt.delete(part.id);
  });
  await opened.workspace.start();
  while (opened.workspace.inbox.health !== 'ok' || !opened.workspace.currentAttention.realtime) await sleep(20);
  await ready();
  let idleRequestsPerMin = NaN;
  if (!lossy) {
    const before = transport.requests;
    await sleep(IDLE_MS);
    idleRequestsPerMin = ((transport.requests - before) * 60_000) / IDLE_MS;
  }
  for (let i = 0; i < MESSAGES; i++) {
    await sleep(POLL_MS * (0.3 + Math.random() * 0.9));
    const t0 = performance.now();
    const { partId } = await visitorMessage(sandbox.info, { appId: app.id, body: `realtime ${i}` });
    sentAt.set(partId, t0);
  }
  // Lost messages wait for the safety net: one poll of the realtime cadence, and a margin.
  const deadline = performance.now() + (lossy ? 35_000 : 3000);
  while (sentAt.size > 0 && performance.now() < deadline) await sleep(50);
  await opened.close();
  await transport.close();
  await sandbox.stop();
  return {
    latencyP50Ms: round(percentile(latencies, 50)),
    latencyP95Ms: round(percentile(latencies, 95)),
    missed: sentAt.size,
    idleRequestsPerMin: round(idleRequestsPerMin),
  };
}

// One sandbox of 10,000 conversations an application serves the first read and the core's
// memory (the core's idle CPU is bench/idle.ts's).
const sandbox10k = await spawnSandbox(['--conversations', '10000', '--seed', '5']);
const sync10k = await initialSync10k(sandbox10k);
const core10k = await coreRss10k(sandbox10k);
// Side by side: the pollers and the realtime runs measure at the same time, under the same
// noise, once every one of them has finished its first read (which would otherwise stall the
// others' event loop).
const ready = barrier(5);
// Every first read is done: what runs beside this benchmark (bench/all.ts) may start now.
void ready.passed.then(() => console.log('sync: measuring'));
const [measured, naive, replying, live, lossy] = await Promise.all([
  measure('perch', ready),
  measure('naive', ready),
  measure('perch-replying', ready),
  measureRealtime(false, ready),
  measureRealtime(true, ready),
]);
const perch = { ...measured, ...sync10k, ...core10k };
await sandbox10k.stop();
Object.assign(perch, {
  replyingLatencyP50Ms: replying.latencyP50Ms,
  replyingLatencyP95Ms: replying.latencyP95Ms,
  replyingMissed: replying.missed,
  realtimeLatencyP50Ms: live.latencyP50Ms,
  realtimeLatencyP95Ms: live.latencyP95Ms,
  realtimeMissed: live.missed,
  idleRequestsPerMinRealtime: live.idleRequestsPerMin,
  realtimeLossyLatencyP95Ms: lossy.latencyP95Ms,
  realtimeLossyMissed: lossy.missed,
});

console.log(`\nSync benchmark (${quick ? 'quick' : 'full'}) on ${JSON.stringify(machine())}`);
console.log(
  `poll interval ${POLL_MS} ms, ${MESSAGES} visitor messages, idle window ${IDLE_MS / 1000} s, 5,000 conversations per application\n`,
);
console.log('| figure | Perch | naive first-page poller |');
console.log('|---|---|---|');
for (const key of ['latencyP50Ms', 'latencyP95Ms', 'missed', 'idleRequestsPerMin', 'idleBytesPerMin'] as const)
  console.log(`| ${key} | ${perch[key]} | ${naive[key]} |`);
console.log(
  `| initial sync of ${sync10k.rows} conversations | ${sync10k.initialSync10kMs} ms, RSS ${sync10k.rssMb10k} MB (heap ${sync10k.heapMb10k} MB) | — |`,
);
console.log(
  `| the core alone after that sync and a GC, fresh process | RSS ${core10k.coreRssMb10k} MB (heap ${core10k.coreHeapMb10k} MB; ${core10k.coreRssStartMb} MB before the sync) | — |`,
);
console.log(
  `| polling alone while the agent replies: latency p50 / p95, missed | ${replying.latencyP50Ms} / ${replying.latencyP95Ms} ms, ${replying.missed} missed | — |`,
);
console.log(
  `| realtime: latency p50 / p95, missed; idle requests a minute | ${live.latencyP50Ms} / ${live.latencyP95Ms} ms, ${live.missed} missed; ${live.idleRequestsPerMin} | — |`,
);
console.log(
  `| realtime losing a fifth of its messages: latency p95, missed | ${lossy.latencyP95Ms} ms, ${lossy.missed} missed | — |`,
);
console.log(
  `| idle bytes, share of the naive poller's | ${round((100 * perch.idleBytesPerMin) / naive.idleBytesPerMin)} % | 100 % |`,
);
console.log(
  `\nThe limit of polling: a message waits half an interval on average (${POLL_MS / 2} ms) before the next poll sees it; realtime does not wait.`,
);
if (!(live.latencyP95Ms <= 250)) {
  console.error(`bench:sync: realtime latency p95 ${live.latencyP95Ms} ms is over 250 ms`);
  process.exitCode = 1;
}
console.log(JSON.stringify({ perch, naive, pollIntervalMs: POLL_MS, quick, machine: machine() }));
