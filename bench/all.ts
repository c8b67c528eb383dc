// npm run bench [-- --quick]: runs every benchmark, collects the JSON line each one prints
// last, and writes bench/results.json and bench/results.md.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { machine } from './support';

const quick = process.argv.includes('--quick');
const BENCHES: { name: string; script: string; node?: string[] }[] = [
  { name: 'sandbox', script: 'bench/sandbox.ts' },
  { name: 'sync', script: 'bench/sync.ts', node: ['--expose-gc'] },
  { name: 'renderer', script: 'bench/renderer.ts' },
  { name: 'search', script: 'bench/search.ts' },
  { name: 'soak', script: 'bench/soak.ts', node: ['--expose-gc'] },
];

async function run(bench: (typeof BENCHES)[number]): Promise<{ output: string; json: Record<string, unknown> }> {
  const child = spawn(
    process.execPath,
    [...(bench.node ?? []), '--import', 'tsx', bench.script, ...(quick ? ['--quick'] : [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  const last = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`${bench.name} benchmark failed (exit ${code})`);
  return { output, json: JSON.parse(last) as Record<string, unknown> };
}

const started = Date.now();
const results: Record<string, unknown> = { date: new Date().toISOString(), quick, machine: machine() };
const tables: string[] = [];
const seconds: string[] = [];
for (const bench of BENCHES) {
  const benchStarted = Date.now();
  const { output, json } = await run(bench);
  seconds.push(`${bench.name} ${Math.round((Date.now() - benchStarted) / 1000)} s`);
  results[bench.name] = json;
  tables.push(
    `## ${bench.name}\n\n${output
      .split('\n')
      .filter((l) => l.startsWith('|') || /^[A-Z]/.test(l))
      .join('\n')}`,
  );
}
await mkdir('bench', { recursive: true });
await writeFile('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
await writeFile('bench/results.md', `# Perch benchmarks (${quick ? 'quick' : 'full'})\n\n${tables.join('\n\n')}\n`);
console.log(
  `\nbench: ${BENCHES.length} benchmarks in ${Math.round((Date.now() - started) / 1000)} s (${seconds.join(', ')}); written to bench/results.json and bench/results.md`,
);
