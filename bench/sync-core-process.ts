// Figures of the core alone, each measured in a fresh Node process of its own (bench/core-rss.ts
// for bench/sync.ts, bench/core-idle.ts for bench/idle.ts) so that nothing of the benchmark is
// counted in them.
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { spawnSandbox } from './support';

export type Sandbox = Awaited<ReturnType<typeof spawnSandbox>>;

/** Bundles a bench entry next to node_modules, which it imports from, to run under plain node. */
export async function bundled(entry: string): Promise<string> {
  const outfile = `node_modules/.cache/perch-bench/${entry.replace(/^bench\//, '').replace(/\.ts$/, '.mjs')}`;
  await mkdir('node_modules/.cache/perch-bench', { recursive: true });
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;

/** The core's RSS at 10,000 conversations, in a fresh process of its own (bench/core-rss.ts). */
export async function coreRss10k(sandbox: Sandbox) {
  const bundle = await bundled('bench/core-rss.ts');
  const app = sandbox.info.apps[0]!;
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--expose-gc',
    bundle,
    sandbox.info.baseUrl,
    String(app.id),
    String(app.adminId),
    app.token,
  ]);
  const core = lastJson(stdout) as { rssMb: number; heapMb: number; rssStartMb: number; rows: number };
  return {
    coreRssMb10k: core.rssMb,
    coreHeapMb10k: core.heapMb,
    coreRssStartMb: core.rssStartMb,
    coreRows10k: core.rows,
  };
}
