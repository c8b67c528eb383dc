// npm run bench:search [-- --quick]: the search store of what Perch has read, at 10,000
// conversations: a search's latency through the IPC contract's check (`search:text`), the
// store's size on disk, and a restart's load. Prints a table and, last, one JSON line.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dispatchInvoke } from '../src/main/core/contract/contract-dispatch';
import { systemClock } from '../src/main/core/runtime/clock';
import { searchFiles } from '../src/main/core/search/search-files';
import { SearchStore } from '../src/main/core/search/search-store';
import { machine, percentile, round } from './support';

const quick = process.argv.includes('--quick');
const CONVERSATIONS = 10_000;
const PARTS = 12;
const RUNS = quick ? 40 : 200;

const WORDS = (
  'order refund shipping delivery courier invoice payment card discount code plan team account password ' +
  'login mobile app android iphone warehouse tomorrow today address parcel tracking number thanks please ' +
  'заказ доставка оплата возврат курьер скидка промокод тариф команда пароль приложение адрес посылка спасибо'
).split(' ');

/** A deterministic sequence, so every run searches the same text. */
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const sentence = () =>
  Array.from({ length: 8 + Math.floor(random() * 14) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

const dir = await mkdtemp(join(tmpdir(), 'perch-bench-search-'));
const store = new SearchStore({ storage: searchFiles(dir), clock: systemClock });
await store.load();
const fillStarted = performance.now();
for (let c = 0; c < CONVERSATIONS; c++) {
  const id = String(1_160_406_004_324_630_000n + BigInt(c));
  const parts = Array.from({ length: PARTS }, (_, p) => ({
    id: String(2_160_406_004_324_630_000n + BigInt(c * PARTS + p)),
    body: `<p>${sentence()}${c % 500 === 0 && p === 3 ? ' RARE-VOUCHER-77' : ''}</p>`,
    attachments: [],
  }));
  store.read(c % 3 === 0 ? 'demo' : `account-${c % 3}`, id, parts);
}
await store.flush();
const fillMs = performance.now() - fillStarted;
const handlers = { 'search:text': async (words: string[]) => store.search(words) };

async function latency(words: string[]): Promise<{ p50: number; p95: number; hits: number }> {
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = await dispatchInvoke(handlers, 'search:text', [words]);
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(result.error.message);
    hits = (result.value as { hits: unknown[] }).hits.length;
  }
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2), hits };
}

const cases: [string, string[]][] = [
  ['a rare word', ['rare-voucher-77']],
  ['a word of no conversation', ['zebra']],
  ['a common word', ['refund']],
  ['three words as typed', ['courier', 'tomorrow', 'промокод']],
];
const figures: Record<string, { p50: number; p95: number; hits: number }> = {};
for (const [name, words] of cases) figures[name] = await latency(words);

const files = await Promise.all(
  ['search-index.jsonl', 'search-journal.jsonl'].map((f) => stat(join(dir, f)).catch(() => null)),
);
const diskMb = round(files.reduce((sum, f) => sum + (f?.size ?? 0), 0) / 2 ** 20, 1);
const loadStarted = performance.now();
const again = new SearchStore({ storage: searchFiles(dir), clock: systemClock });
await again.load();
const loadMs = performance.now() - loadStarted;
if (again.size !== store.size) throw new Error(`a restart kept ${again.size} of ${store.size} conversations`);
await rm(dir, { recursive: true, force: true });

console.log(
  `Search store: ${store.size} conversations kept of ${CONVERSATIONS}, ${PARTS} messages each, ${RUNS} searches a case`,
);
console.log('| search | p50 | p95 | conversations found |');
console.log('|---|---|---|---|');
for (const [name] of cases) {
  const f = figures[name]!;
  console.log(`| ${name} | ${f.p50} ms | ${f.p95} ms | ${f.hits} |`);
}
console.log(
  `| kept on disk | ${diskMb} MB | filled in ${Math.round(fillMs)} ms | loaded at restart in ${Math.round(loadMs)} ms |`,
);
console.log(
  JSON.stringify({
    conversations: store.size,
    searchRareP95Ms: figures['a rare word']!.p95,
    searchCommonP95Ms: figures['a common word']!.p95,
    searchThreeWordsP95Ms: figures['three words as typed']!.p95,
    diskMb,
    loadMs: Math.round(loadMs),
    fillMs: Math.round(fillMs),
    quick,
    machine: machine(),
  }),
);
