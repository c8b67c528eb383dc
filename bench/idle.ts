// npm run bench:idle [-- --quick]: the CPU time the core spends while nothing happens, at 1,000
// and 10,000 conversations, polling only and with realtime. Each case is a process of its own
// (bench/core-idle.ts) that syncs its inbox, then counts its CPU time over windows one after
// another; the four run at once, each counting only its own time. It prints "idle: measuring"
// once every case is past its first read, so that bench/all.ts can run the other benchmarks
// meanwhile. The last line printed is one JSON object with the figures.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { machine, percentile, spawnSandbox } from './support';
import { bundled, type Sandbox } from './sync-core-process';

const quick = process.argv.includes('--quick');
/** Long enough that the 30 s safety-net poll and the occasional sweep read are counted as they come. */
const WINDOW_MS = quick ? 60_000 : 120_000;
const WINDOWS = quick ? 3 : 5;
/** The goal: with realtime, an idle hour costs at most 1 CPU second (median window). */
const REALTIME_GOAL_S = 1;
/** The run fails past the goal by more than runs scatter (half again): a regression, not noise. */
const REALTIME_LIMIT_S = REALTIME_GOAL_S * 1.5;

interface Case {
  size: '1k' | '10k';
  realtime: boolean;
  measuring: Promise<void>;
  windows: Promise<number[]>;
}

function startCase(bundle: string, sandbox: Sandbox, size: Case['size'], realtime: boolean): Case {
  const app = sandbox.info.apps[0]!;
  const child = spawn(
    process.execPath,
    [
      // The first read's garbage is collected before the windows (bench/core-idle.ts); V8's memory
      // reducer would otherwise collect it again minutes later, once, in whichever window.
      '--expose-gc',
      '--no-memory-reducer',
      bundle,
      sandbox.info.baseUrl,
      String(app.id),
      String(app.adminId),
      app.token,
      realtime ? '1' : '0',
      String(WINDOW_MS),
      String(WINDOWS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  let last = '';
  const measuring = new Promise<void>((resolve) =>
    lines.on('line', (line) => {
      if (line === 'measuring') resolve();
      last = line;
    }),
  );
  const windows = new Promise<number[]>((resolve, reject) =>
    child.once('exit', (code) => {
      if (code !== 0 || !last.startsWith('{')) return reject(new Error(`idle ${size} case exited with ${code}`));
      resolve((JSON.parse(last) as { cpuSecondsPerHour: number[] }).cpuSecondsPerHour);
    }),
  );
  // A case that fails before measuring must not hold the others' start forever.
  return { size, realtime, measuring: Promise.race([measuring, windows.then(() => {})]), windows };
}

const bundle = await bundled('bench/core-idle.ts');
const sandboxes = {
  '1k': await spawnSandbox(['--conversations', '1000', '--seed', '9']),
  '10k': await spawnSandbox(['--conversations', '10000', '--seed', '5']),
};
const cases = (['1k', '10k'] as const).flatMap((size) =>
  [false, true].map((realtime) => startCase(bundle, sandboxes[size], size, realtime)),
);
await Promise.all(cases.map((c) => c.measuring));
console.log('idle: measuring');
const figures: Record<string, number | number[]> = {};
const rows: string[] = [];
try {
  for (const c of cases) {
    const windows = await c.windows;
    const key = `idleCpuSecondsPerHour${c.size}${c.realtime ? 'Realtime' : ''}`;
    figures[key] = percentile(windows, 50);
    figures[`${key}Max`] = Math.max(...windows);
    figures[`${key}Windows`] = windows;
  }
} finally {
  await Promise.all(Object.values(sandboxes).map((s) => s.stop()));
}
for (const size of ['1k', '10k'] as const) {
  const cell = (key: string) => `${figures[key] as number} (${figures[`${key}Max`] as number})`;
  rows.push(
    `| ${size === '1k' ? '1,000' : '10,000'} | ${cell(`idleCpuSecondsPerHour${size}`)} | ${cell(`idleCpuSecondsPerHour${size}Realtime`)} |`,
  );
}

console.log(`\nIdle benchmark (${quick ? 'quick' : 'full'}) on ${JSON.stringify(machine())}`);
console.log(
  `core CPU seconds per idle hour, median (max) of ${WINDOWS} windows of ${WINDOW_MS / 1000} s after the first read\n`,
);
console.log('| conversations | polling only | with realtime |');
console.log('|---|---|---|');
for (const row of rows) console.log(row);
for (const size of ['1k', '10k'] as const) {
  const median = figures[`idleCpuSecondsPerHour${size}Realtime`] as number;
  if (!(median <= REALTIME_LIMIT_S)) {
    console.error(
      `bench:idle: ${size} with realtime spends ${median} CPU s an idle hour (goal ${REALTIME_GOAL_S} s, limit ${REALTIME_LIMIT_S} s)`,
    );
    process.exitCode = 1;
  }
}
console.log(JSON.stringify({ ...figures, windowMs: WINDOW_MS, windows: WINDOWS, quick, machine: machine() }));
