// npm run bench:sandbox [-- --quick]: conversation-list paging throughput and latency of the
// sandbox at 1k, 10k and 100k conversations per application.
// Last line: {"sizes":{"1000":{"startupMs","rps","p50Ms","p99Ms","requests","errors"},...},"concurrency","seconds","machine"}
import { parseJsonLosslessly } from '../src/shared/api/ids';
import { Pool } from 'undici';
import { machine, percentile, round, spawnSandbox } from './support';

const quick = process.argv.includes('--quick');
const SIZES = [1000, 10_000, 100_000];
const SECONDS = quick ? 3 : 10;
const CONCURRENCY = 16;

async function run(size: number) {
  const t0 = performance.now();
  const sandbox = await spawnSandbox(['--conversations', String(size), '--seed', '9']);
  const startupMs = performance.now() - t0;
  const { baseUrl, apps } = sandbox.info;
  const app = apps[0]!;
  const pool = new Pool(baseUrl, { connections: CONCURRENCY, pipelining: 1 });
  const headers = { authorization: `Token ${app.token}` };

  // Cursor positions spread over the whole list, read once by walking it with large pages.
  const positions: (number | string)[][] = [];
  let position: (number | string)[] | null = null;
  for (let i = 0; i < 40; i++) {
    const skip = Math.max(1, Math.floor(size / 40 / 50));
    for (let j = 0; j < skip; j++) {
      const query = `include_not_assigned=true&paginate_count=50${position ? `&paginate_position=${encodeURIComponent(JSON.stringify(position))}` : ''}`;
      const res = await pool.request({ method: 'GET', path: `/apps/${app.id}/conversations?${query}`, headers });
      const json = parseJsonLosslessly(await res.body.text()) as {
        meta: { next_before_position: (number | string)[] | null };
      };
      position = json.meta.next_before_position;
      if (!position) break;
    }
    if (!position) break;
    positions.push(position);
  }
  const directions = ['before', 'after', 'around'];
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const i = n++;
        const p = positions[i % positions.length]!;
        const path = `/apps/${app.id}/conversations?include_not_assigned=true&paginate_count=20&paginate_direction=${directions[i % 3]}&paginate_position=${encodeURIComponent(JSON.stringify(p))}`;
        const started = performance.now();
        const res = await pool.request({ method: 'GET', path, headers });
        await res.body.dump();
        if (res.statusCode !== 200) errors += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool.close();
  await sandbox.stop();
  return {
    startupMs: Math.round(startupMs),
    rps: Math.round(latencies.length / SECONDS),
    p50Ms: round(percentile(latencies, 50), 2),
    p99Ms: round(percentile(latencies, 99), 2),
    requests: latencies.length,
    errors,
  };
}

const sizes: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const size of SIZES) sizes[size] = await run(size);

console.log(
  `\nSandbox paging benchmark (${quick ? 'quick' : 'full'}): ${CONCURRENCY} concurrent clients, ${SECONDS} s per size, pages of 20 at positions across the list`,
);
console.log(`machine: ${JSON.stringify(machine())}\n`);
console.log('| conversations per app | startup | requests/s | p50 | p99 | errors |');
console.log('|---|---|---|---|---|---|');
for (const [size, r] of Object.entries(sizes))
  console.log(
    `| ${Number(size).toLocaleString('en')} | ${r.startupMs} ms | ${r.rps} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.errors} |`,
  );
console.log(JSON.stringify({ sizes, concurrency: CONCURRENCY, seconds: SECONDS, quick, machine: machine() }));
