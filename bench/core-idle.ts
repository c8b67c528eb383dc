// The core alone, idle, in a process of its own: a workspace syncs the whole inbox of a sandbox
// (another process) with realtime on or off, then counts the CPU time it spends over a quiet
// window, printed as CPU seconds per hour in one JSON line. bench/sync-core-process.ts bundles
// and runs it for bench/sync.ts.
// Usage: node <bundle of this file> <baseUrl> <appId> <adminId> <token> <realtime 0|1> <windowMs>
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/main/core/api/client';
import { createUndiciTransport } from '../src/main/core/api/transport';
import { systemClock } from '../src/main/core/runtime/clock';
import { isLoopback } from '../src/main/core/accounts/connection-check';
import { RealtimeClient } from '../src/main/core/sync/realtime-client';
import { realtimeUrlFor } from '../src/main/core/sync/realtime-protocol';
import { Workspace } from '../src/main/core/workspace/workspace';
import { keepYoungGenerationSmall } from '../src/main/core/runtime/young-generation';
import { sleep } from './support';

const [baseUrl, appId, adminId, token, realtimeOn, windowMs] = process.argv.slice(2);
if (!baseUrl || !appId || !adminId || !token || !windowMs)
  throw new Error('usage: node <bundle> <baseUrl> <appId> <adminId> <token> <realtime 0|1> <windowMs>');

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
// Past the cache save that follows the first read: only the idle work is counted.
await sleep(5000);
const before = process.cpuUsage();
const t0 = performance.now();
await sleep(Number(windowMs));
const used = process.cpuUsage(before);
const elapsed = performance.now() - t0;
const cpuSecondsPerHour = ((used.user + used.system) / 1e6) * (3_600_000 / elapsed);
console.log(
  JSON.stringify({
    rows: workspace.inbox.snapshot().rows.length,
    realtime: realtime?.status ?? 'off',
    cpuSecondsPerHour: Math.round(cpuSecondsPerHour * 100) / 100,
  }),
);
await workspace.stop();
await transport.close();
process.exit(0);
