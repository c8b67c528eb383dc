// The core alone, in a process of its own: a workspace syncs the whole inbox of a sandbox
// (another process), then, after a GC, prints its RSS as one JSON line. bench/sync.ts runs it
// so the figure carries nothing of the benchmark's earlier runs.
// Usage: node --expose-gc --import tsx bench/core-rss.ts <baseUrl> <appId> <adminId> <token>
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/main/core/api/client';
import { createUndiciTransport } from '../src/main/core/api/transport';
import { systemClock } from '../src/main/core/clock';
import { Workspace } from '../src/main/core/workspace';
import { sleep } from './support';

const [baseUrl, appId, adminId, token] = process.argv.slice(2);
const gc = globalThis.gc;
if (!baseUrl || !appId || !adminId || !token || !gc) throw new Error('usage: node --expose-gc --import tsx bench/core-rss.ts <baseUrl> <appId> <adminId> <token>');

const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
const heapBeforeMb = process.memoryUsage().heapUsed / 2 ** 20;
// The workspace as the app builds it, without the embedded sandbox the session module also carries.
const transport = createUndiciTransport();
const account = { mode: 'account' as const, baseUrl, appId: Number(appId), adminId: Number(adminId) };
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
const afterSync = process.memoryUsage();
const syncMs = performance.now() - t0;
// Past the inbox cache's save, which follows the sync, so its memory is counted too.
await sleep(Number(process.env.SETTLE_MS ?? 3000));
for (let i = 0; i < 3; i++) {
  gc();
  await sleep(100);
}
const memory = process.memoryUsage();
const rows = workspace.inbox.snapshot().rows.length;
console.log(JSON.stringify({ afterSyncRss: afterSync.rss / 2 ** 20, heapTotal: memory.heapTotal / 2 ** 20, external: memory.external / 2 ** 20, ab: memory.arrayBuffers / 2 ** 20, rows, syncMs: Math.round(syncMs), rssMb: memory.rss / 2 ** 20, heapMb: memory.heapUsed / 2 ** 20, rssBeforeMb, heapBeforeMb }));
await workspace.stop();
await transport.close();
process.exit(0);
