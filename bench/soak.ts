// npm run bench:soak [-- --quick]: Perch's core under an hour of visitor traffic compressed in
// time, with the agent opening conversations and replying, sampling memory as it goes; also the
// cold start from the disk cache against a full first sync.
// Last line: {"coldStartCachedMs","coldStartFullMs","simulatedMinutes","messages","heapStartMb","heapEndMb","heapSlopeMbPerSimHour","rssEndMb"}
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingNotifier } from '../src/main/browser-host/host';
import type { Connection } from '../src/main/core/ports';
import { createWorkspace } from '../src/main/core/compose';
import { machine, round, sleep, spawnSandbox, visitorMessage } from './support';

const quick = process.argv.includes('--quick');
const SECONDS = quick ? 20 : 120;
/** One visitor message a minute of simulated time, sixty a second of real time. */
const MESSAGES_PER_SECOND = 60;

const sandbox = await spawnSandbox(['--conversations', '2000', '--seed', '17']);
const app = sandbox.info.apps[0]!;
const connection: Connection = {
  id: 'demo',
  mode: 'sandbox',
  baseUrl: sandbox.info.baseUrl,
  appId: app.id,
  adminId: app.adminId,
  token: app.token,
};
const dataDir = await mkdtemp(join(tmpdir(), 'perch-soak-'));
const open = (dir: string) =>
  createWorkspace(connection, { notifier: new RecordingNotifier(), dataDir: dir, openExternal: async () => {} });

// Cold start: the time until the whole inbox is on hand, from nothing and from the cache.
let inboxSize = 0;
async function coldStart(dir: string): Promise<number> {
  const t0 = performance.now();
  const opened = open(dir);
  await opened.workspace.start();
  const complete = () =>
    inboxSize
      ? opened.workspace.inbox.snapshot().rows.length >= inboxSize
      : opened.workspace.inbox.snapshot().progress.done;
  while (!complete()) await sleep(1);
  const ms = performance.now() - t0;
  inboxSize = opened.workspace.inbox.snapshot().rows.length;
  while (opened.workspace.inbox.health !== 'ok') await sleep(10);
  await opened.close();
  return ms;
}
const coldStartFullMs = await coldStart(dataDir);
const coldStartCachedMs = await coldStart(dataDir);

const opened = open(dataDir);
const { workspace } = opened;
await workspace.start();
while (workspace.inbox.health !== 'ok') await sleep(20);

global.gc?.();
const samples: { t: number; heap: number }[] = [];
const started = performance.now();
let messages = 0;
// Visitors write into the ongoing conversations, so the inbox keeps its size: what grows
// then is what Perch keeps, not the data it shows.
const ongoing = workspace.inbox
  .snapshot()
  .rows.filter((r) => !r.closed)
  .slice(0, 300)
  .map((r) => r.id);
const traffic = setInterval(() => {
  for (let i = 0; i < MESSAGES_PER_SECOND / 10; i++) {
    messages += 1;
    void visitorMessage(sandbox.info, {
      conversationId: ongoing[messages % ongoing.length],
      body: `soak ${messages}`,
    }).catch(() => {});
  }
}, 100);
// The agent opens a conversation and answers every second.
const agent = setInterval(() => {
  const row = workspace.inbox.snapshot().rows[messages % 50];
  if (!row) return;
  void workspace.handlers['conversation:open'](row.id).then(() =>
    workspace.handlers['conversation:reply']({ conversationId: row.id, body: 'On it!', kind: 'reply' }),
  );
}, 1000);
while (performance.now() - started < SECONDS * 1000) {
  await sleep(1000);
  global.gc?.();
  samples.push({ t: (performance.now() - started) / 1000, heap: process.memoryUsage().heapUsed / 2 ** 20 });
}
clearInterval(traffic);
clearInterval(agent);
await sleep(500);

// Least-squares slope of heap over the second half (after warm-up), per simulated hour.
const tail = samples.slice(Math.floor(samples.length / 2));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const mt = mean(tail.map((s) => s.t));
const mh = mean(tail.map((s) => s.heap));
const slopePerSecond =
  tail.reduce((a, s) => a + (s.t - mt) * (s.heap - mh), 0) / tail.reduce((a, s) => a + (s.t - mt) ** 2, 0);
// One message is one simulated minute, so sixty a second make one simulated hour per second.
const simulatedMinutes = messages;
const slopePerSimHour = (slopePerSecond * 60) / MESSAGES_PER_SECOND;

const result = {
  coldStartCachedMs: Math.round(coldStartCachedMs),
  coldStartFullMs: Math.round(coldStartFullMs),
  simulatedMinutes,
  messages,
  heapStartMb: round(samples[0]!.heap),
  heapEndMb: round(samples.at(-1)!.heap),
  heapSlopeMbPerSimHour: round(slopePerSimHour, 2),
  rssEndMb: round(process.memoryUsage().rss / 2 ** 20),
  rows: workspace.inbox.snapshot().rows.length,
};
await opened.close();
await sandbox.stop();
console.log(
  `\nSoak (${quick ? 'quick' : 'full'}): ${messages} visitor messages in ${SECONDS} s = ${round(simulatedMinutes / 60, 1)} simulated hours at one message a minute`,
);
console.log(`machine: ${JSON.stringify(machine())}\n`);
console.log(
  '| cold start, cache | cold start, full sync | heap start → end | heap growth per simulated hour | RSS at end |\n|---|---|---|---|---|',
);
console.log(
  `| ${result.coldStartCachedMs} ms | ${result.coldStartFullMs} ms | ${result.heapStartMb} → ${result.heapEndMb} MB | ${result.heapSlopeMbPerSimHour} MB | ${result.rssEndMb} MB |`,
);
console.log(JSON.stringify(result));
