// The core alone, idle, in a process of its own: a workspace syncs the whole inbox of a sandbox
// (another process) with realtime on or off, prints "measuring", then counts the CPU time it
// spends over quiet windows one after another, printed as CPU seconds per hour, one a window, in
// a JSON line. bench/idle.ts bundles and runs it.
// Usage: node <bundle of this file> <baseUrl> <appId> <adminId> <token> <realtime 0|1> <windowMs> <windows>
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/main/core/api/client';
import { createUndiciTransport } from '../src/main/core/api/transport';
import { systemClock } from '../src/main/core/runtime/clock';
import { isLoopback } from '../src/main/core/network/loopback';
import { RealtimeClient } from '../src/main/core/sync/realtime-client';
import { realtimeUrlFor } from '../src/main/core/sync/realtime-protocol';
import { Workspace } from '../src/main/core/workspace/workspace';
import { keepYoungGenerationSmall } from '../src/main/core/runtime/young-generation';
import { sleep } from './support';

const [baseUrl, appId, adminId, token, realtimeOn, windowMs, windows] = process.argv.slice(2);
if (!baseUrl || !appId || !adminId || !token || !windowMs || !windows)
  throw new Error('usage: node <bundle> <baseUrl> <appId> <adminId> <token> <realtime 0|1> <windowMs> <windows>');

keepYoungGenerationSmall();
const transport = createUndiciTransport();
const realtime =
  realtimeOn === '1'
    ? new RealtimeClient({ url: realtimeUrlFor(baseUrl, isLoopback)!, appId, token, clock: systemClock })
    : undefined;
const workspace = new Workspace({
  api: new ApiClient({ baseUrl, token, appId, transport }),
  account: { id: 'account-00000000000000a1', mode: 'account', baseUrl, appId, adminId },
  clock: systemClock,
  notifier: { show: () => {} },
  dataDir: await mkdtemp(join(tmpdir(), 'perch-core-idle-')),
  openExternal: async () => {},
  realtime,
});
await workspace.start();
while (!workspace.inbox.snapshot().progress.done || workspace.inbox.health !== 'ok') await sleep(50);
if (realtime) while (!workspace.currentAttention.realtime) await sleep(50);
// Past the cache save that follows the first read: only the idle work is counted. The first
// read leaves garbage that V8 collects once, minutes later when it sees the process idle (its
// memory reducer, a few hundred ms of CPU): that belongs to the first read, so it is done here.
await sleep(5000);
global.gc?.({ type: 'major', execution: 'sync' });
await sleep(2000);
console.log('measuring');
const cpuSecondsPerHour: number[] = [];
for (let i = 0; i < Number(windows); i++) {
  const before = process.cpuUsage();
  const t0 = performance.now();
  await sleep(Number(windowMs));
  const used = process.cpuUsage(before);
  const elapsed = performance.now() - t0;
  cpuSecondsPerHour.push(Math.round(((used.user + used.system) / 1e6) * (3_600_000 / elapsed) * 100) / 100);
}
console.log(
  JSON.stringify({
    rows: workspace.inbox.snapshot().rows.length,
    realtime: realtime?.status ?? 'off',
    cpuSecondsPerHour,
  }),
);
await workspace.stop();
await transport.close();
process.exit(0);
