// npm run bench [-- --quick]: runs every benchmark, collects the JSON line each one prints last,
// and writes bench/results.json and bench/results.md. The idle benchmark spends its time waiting
// and counts only its own processes' CPU: the others run group by group (GROUPS) while it waits, once
// its cases are past their first read; or it was started before, beside other work, and its
// output is read when it ends (--idle-from <file>:<pid>). Each step's time is printed as it ends. (The bad-input
// and chaos runs are tests: `npm test` runs them.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { machine } from './support';

const quick = process.argv.includes('--quick');
interface Bench {
  name: string;
  script: string;
  node?: string[];
  /** In a group, the others start once this benchmark prints this line (its own first reads done). */
  besideFrom?: string;
}
const IDLE: Bench = { name: 'idle', script: 'bench/idle.ts' };
/**
 * The timed benchmarks, a group at a time. The soak's figures are memory (the heap's growth
 * with simulated time) and a cold start: it runs beside the sync benchmark once that one's
 * first reads are done and its pollers mostly wait (its figures are latencies against polls of
 * a second, and realtime's limit of 250 ms). The others measure time on an otherwise quiet
 * machine.
 */
const GROUPS: Bench[][] = [
  [{ name: 'sandbox', script: 'bench/sandbox.ts' }],
  [
    { name: 'sync', script: 'bench/sync.ts', node: ['--expose-gc'], besideFrom: 'sync: measuring' },
    { name: 'soak', script: 'bench/soak.ts', node: ['--expose-gc'] },
  ],
  [{ name: 'burst', script: 'bench/burst.ts' }],
  [{ name: 'renderer', script: 'bench/renderer.ts' }],
  [{ name: 'search', script: 'bench/search.ts' }],
];
const BENCHES = GROUPS.flat();

/** The benchmarks still running, each with whatever it started. */
const running = new Set<ChildProcess>();
// A failed step ends the run, and with it the benchmarks running beside it (the idle one's cases
// would otherwise measure on for minutes with nobody to read them).
function endRunning(): void {
  for (const child of running)
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
}
process.once('exit', endRunning);
// Ctrl+C or a kill reaches only this process group; the benchmarks have groups of their own.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    endRunning();
    process.exit(130);
  });

/**
 * Runs one benchmark; `background` keeps its output until it ends (and says when `started`
 * appears, if given), so that steps running at once do not interleave.
 */
async function run(
  bench: Bench,
  background?: { started?: string; onStarted?: () => void },
): Promise<{ output: string; json: Record<string, unknown> }> {
  const child = spawn(
    process.execPath,
    [...(bench.node ?? []), '--import', 'tsx', bench.script, ...(quick ? ['--quick'] : [])],
    // Its own process group, so that it ends with every process it started (below).
    { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (!background) process.stdout.write(chunk);
    else if (background.started && output.includes(background.started)) background.onStarted?.();
  });
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  const last = output.trim().split('\n').at(-1) ?? '';
  if (background) process.stdout.write(output);
  if (code !== 0 || !last.startsWith('{')) throw new Error(`${bench.name} benchmark failed (exit ${code})`);
  return { output, json: JSON.parse(last) as Record<string, unknown> };
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

/**
 * The result of a benchmark started by someone else, `<output file>:<pid>`: read once that
 * process has ended (its last line is the JSON, as `run` reads it).
 */
async function finished(from: string): Promise<Awaited<ReturnType<typeof run>>> {
  const [file, pid] = [from.slice(0, from.lastIndexOf(':')), Number(from.slice(from.lastIndexOf(':') + 1))];
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  // Its windows take minutes; one that runs on far past them has hung.
  const deadline = Date.now() + 20 * 60_000;
  while (alive()) {
    if (Date.now() > deadline) throw new Error(`the idle benchmark beside the tests did not end (${file})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const output = await readFile(file, 'utf8');
  process.stdout.write(output);
  const last = output.trim().split('\n').at(-1) ?? '';
  if (!last.startsWith('{')) throw new Error(`the idle benchmark beside the tests failed (${file})`);
  return { output, json: JSON.parse(last) as Record<string, unknown> };
}

const started = Date.now();
const results: Record<string, unknown> = { date: new Date().toISOString(), quick, machine: machine() };
const tables: string[] = [];
const seconds: string[] = [];
function collect(bench: Bench, benchStarted: number, { output, json }: Awaited<ReturnType<typeof run>>) {
  const took = Math.round((Date.now() - benchStarted) / 1000);
  seconds.push(`${bench.name} ${took} s`);
  console.log(`bench: ${bench.name} done in ${took} s\n`);
  results[bench.name] = json;
  tables.push(
    `## ${bench.name}\n\n${output
      .split('\n')
      .filter((l) => l.startsWith('|') || /^[A-Z]/.test(l))
      .join('\n')}`,
  );
}
// The idle benchmark already running beside other work (CI starts it before npm test), if so.
const idleFrom = option('--idle-from');
let idle: Promise<Awaited<ReturnType<typeof run>>>;
if (idleFrom) idle = Promise.resolve(null).then(() => finished(idleFrom));
else {
  let measuring = () => {};
  const idleMeasuring = new Promise<void>((resolve) => (measuring = resolve));
  idle = run(IDLE, { started: 'idle: measuring', onStarted: () => measuring() });
  // A failed idle run must not leave the others waiting for it.
  await Promise.race([idleMeasuring, idle]);
}
for (const group of GROUPS) {
  const groupStarted = Date.now();
  const [first, ...beside] = group;
  if (!beside.length) {
    collect(first!, groupStarted, await run(first!));
    continue;
  }
  let besideMayStart = () => {};
  const mayStart = new Promise<void>((resolve) => (besideMayStart = resolve));
  const leading = run(first!, { started: first!.besideFrom, onStarted: () => besideMayStart() });
  // A failed first benchmark must not leave the others waiting for its line.
  await Promise.race([mayStart, leading]);
  await Promise.all([
    leading.then((result) => collect(first!, groupStarted, result)),
    ...beside.map(async (bench) => {
      const benchStarted = Date.now();
      collect(bench, benchStarted, await run(bench, {}));
    }),
  ]);
}
collect(IDLE, started, await idle);
await mkdir('bench', { recursive: true });
await writeFile('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
await writeFile('bench/results.md', `# Perch benchmarks (${quick ? 'quick' : 'full'})\n\n${tables.join('\n\n')}\n`);
console.log(
  `\nbench: ${BENCHES.length + 1} steps in ${Math.round((Date.now() - started) / 1000)} s (${seconds.join(', ')}); written to bench/results.json and bench/results.md`,
);
