// The core alone, in a process of its own: a workspace syncs the whole inbox of a sandbox
// (another process), then, after a GC, prints its RSS as one JSON line. For bench/sync.ts,
// bench/sync-core-process.ts bundles it and runs it under plain node (the tsx loader alone would add ~40 MB), so the figure
// carries nothing of the benchmark's earlier runs.
// Usage: node --expose-gc <bundle of this file> <baseUrl> <appId> <adminId> <token>
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/main/core/api/client';
import { createUndiciTransport } from '../src/main/core/api/transport';
import { systemClock } from '../src/main/core/runtime/clock';
import { Workspace } from '../src/main/core/workspace/workspace';
import { keepYoungGenerationSmall } from '../src/main/core/runtime/young-generation';
import { sleep } from './support';

const [baseUrl, appId, adminId, token] = process.argv.slice(2);
const gc = globalThis.gc;
if (!baseUrl || !appId || !adminId || !token || !gc)
  throw new Error('usage: node --expose-gc <bundle of bench/core-rss.ts> <baseUrl> <appId> <adminId> <token>');

// As the app's main process does, first thing.
keepYoungGenerationSmall();
const rssStartMb = process.memoryUsage().rss / 2 ** 20;
// The workspace as the app builds it, without the embedded sandbox the accounts module also carries.
const transport = createUndiciTransport();
const account = {
  id: 'account-00000000000000a1',
  mode: 'account' as const,
  baseUrl,
  appId,
  adminId,
};
const workspace = new Workspace({
  api: new ApiClient({ baseUrl, token, appId: account.appId, transport }),
  account,
  clock: systemClock,
  notifier: { show: () => {} },
  dataDir: await mkdtemp(join(tmpdir(), 'perch-core-rss-')),
  openExternal: async () => {},
  inboxIntervalMs: 60_000,
});
const t0 = performance.now();
await workspace.start();
await new Promise<void>((resolve) => {
  const off = workspace.inbox.events.on('change', (change) => {
    if (!change.progress.done) return;
    off();
    resolve();
  });
});
const syncMs = performance.now() - t0;
// Past the inbox cache's save, which follows the sync, so its memory is counted too.
await sleep(3000);
for (let i = 0; i < 3; i++) {
  gc();
  await sleep(100);
}
const memory = process.memoryUsage();
const rows = workspace.inbox.snapshot().rows.length;
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
console.log(
  JSON.stringify({
    rows,
    syncMs: Math.round(syncMs),
    rssMb: mb(memory.rss),
    heapMb: mb(memory.heapUsed),
    rssStartMb: mb(rssStartMb * 2 ** 20),
    heapTotalMb: mb(memory.heapTotal),
    externalMb: mb(memory.external),
    arrayBuffersMb: mb(memory.arrayBuffers),
  }),
);
await workspace.stop();
await transport.close();
process.exit(0);
