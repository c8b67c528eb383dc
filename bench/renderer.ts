// npm run bench:renderer [-- --quick]: the real renderer in Chromium with 10,000 conversations.
// Last line: {"firstPaintMs","scrollWorkP95Ms","longFrames","searchMs","conversations","rows",...}:
// first paint is the median of 5 runs (3 quick), from navigation start to the frame that
// first shows a row, on the page's clock (firstPaintWallMs adds the harness's own overhead);
// scroll work is the main thread's time per frame of fast scrolling (script, style, layout
// and paint of that frame), not the interval between frames, which never drops below the
// display's 16.7 ms. PERCH_BENCH_RENDERER_DIR measures another build of the renderer.
// Each run also opens a static page of 60 rows (no script, the app's stylesheet) and the app with
// the first screen it saved (core/first-screen), in turn, 4 times (6 in a full run): the median
// first paint of each, the median of the pairs' ratios, and the time until the first row can be
// opened. --busy keeps one core busy with a spinning process of its
// own for the whole run.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { RecordingNotifier, startBrowserHost } from '../src/main/browser-host/host';
import { memoryCredentialStore } from '../src/main/core/accounts/credentials';
import { createAccountsWithDemo } from '../src/main/demo/embedded-demo';
import { CHROMIUM } from '../playwright.config';
import { machine, percentile, round } from './support';

const quick = process.argv.includes('--quick');
const busy = process.argv.includes('--busy');
// A second process spinning on one core for the whole run: the app shares the machine.
const spinner = busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
const CONVERSATIONS = 10_000;
const RUNS = quick ? 3 : 5;
const FRAMES = 150;
const SETTLE_MS = 1000;
/** Static and saved pages opened in turn at the end of each run: a ratio of two small figures needs many. */
const PAIRS = quick ? 4 : 6;
const PAIR_SETTLE_MS = 300;

const dataDir = await mkdtemp(join(tmpdir(), 'perch-bench-ui-'));
await writeFile(join(dataDir, 'account.json'), JSON.stringify({ welcomed: true }));
const created = await createAccountsWithDemo({
  dataDir,
  credentials: memoryCredentialStore(),
  workspace: { notifier: new RecordingNotifier(), realtime: false, openExternal: async () => {} },
  demo: { conversationsPerApp: CONVERSATIONS, simulatorIntervalMs: false, seed: 4, persist: false },
});
await created.accounts.start();
const workspace = created.accounts.workspace!;
while (!workspace.inbox.snapshot().progress.done) await new Promise((r) => setTimeout(r, 50));
const rows = workspace.inbox.snapshot().rows.length;
// The renderer as built, and beside it a static page of 60 rows in the app's own stylesheet.
const rendererDir = await mkdtemp(join(tmpdir(), 'perch-bench-renderer-'));
await cp(resolve(process.env.PERCH_BENCH_RENDERER_DIR ?? 'out/renderer'), rendererDir, { recursive: true });
const stylesheet = (await readdir(join(rendererDir, 'assets'))).find((f) => /^index-.*\.css$/.test(f));
await writeFile(join(rendererDir, 'static-60.html'), staticRows(60, `./assets/${stylesheet}`));
const host = await startBrowserHost({ contract: created.accounts, rendererDir, dataDir });
const savedScreen = join(dataDir, 'first-screen.json');
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const staticPaints: number[] = [];
const savedPaints: number[] = [];
const savedOpenable: number[] = [];
const firstPaints: number[] = [];
const coldContentful: number[] = [];
const firstPaintsWall: number[] = [];
const allRows: number[] = [];
const intervals: number[] = [];
const work: number[] = [];
const longFrames: number[] = [];
const searches: number[] = [];
for (let run = 0; run < RUNS; run++) {
  // Each run starts on a settled machine: the previous run's pages and the host's work on them
  // (every row serialized, then dropped) are done with, not racing this run's first paint.
  if (run > 0) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  // The app started afresh, without a saved first screen: its own first rows.
  await rm(savedScreen, { force: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // The page's own clock: from navigation start to the frame that first shows a row. The page
  // says it on its console: asking it with Playwright before then would load Playwright's own
  // script into the page, on the main thread the first screen is waiting for.
  await page.addInitScript(() => {
    const watch = new MutationObserver(() => {
      if (!document.querySelector('.inbox [role=option]')) return;
      watch.disconnect();
      requestAnimationFrame(() => console.debug('perch-first-paint', performance.now()));
    });
    watch.observe(document, { subtree: true, childList: true });
  });
  const painted = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith('perch-first-paint '),
    timeout: 30_000,
  });
  const t0 = Date.now();
  await page.goto(host.url, { waitUntil: 'commit' });
  firstPaints.push(Number((await painted).text().split(' ')[1]));
  firstPaintsWall.push(Date.now() - t0);
  // Every row in the store (the list is no longer busy), before scrolling through them.
  await page.locator('.inbox-scroll:not([aria-busy=true])').waitFor();
  allRows.push(Date.now() - t0);
  coldContentful.push(await contentfulPaint(page));

  // Scroll the list a screen per frame. Each frame's work runs from its animation-frame
  // callback (where the scroll is set and its handlers run) through the frame's rendering to
  // the next task; long animation frames (the browser's own account, over 50 ms) are counted too.
  const scroll = await page.evaluate(async (frames) => {
    const list = document.querySelector('.inbox-scroll') as HTMLElement;
    const longAnimationFrames: number[] = [];
    const observer = new PerformanceObserver((entries) =>
      longAnimationFrames.push(...entries.getEntries().map((e) => e.duration)),
    );
    observer.observe({ type: 'long-animation-frame' });
    // The next task, behind whatever the frame queued (a MessageChannel runs before timers).
    const channel = new MessageChannel();
    const work: number[] = [];
    const intervals: number[] = [];
    let last = performance.now();
    for (let i = 0; i < frames; i++) {
      const frameStart = await new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve(performance.now())),
      );
      intervals.push(frameStart - last);
      last = frameStart;
      list.scrollTop += 600;
      list.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => {
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
      // Whatever layout the frame left pending is part of its work.
      void list.getBoundingClientRect().height;
      work.push(performance.now() - frameStart);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    return { work, intervals, longAnimationFrames };
  }, FRAMES);
  work.push(...scroll.work);
  intervals.push(...scroll.intervals);
  longFrames.push(Math.max(scroll.work.filter((ms) => ms > 33).length, scroll.longAnimationFrames.length));

  // From a keystroke in search to the filtered list on screen.
  for (const query of ['parcel', 'refund vip', 'Berlin']) {
    searches.push(
      await page.evaluate(async (q) => {
        const input = document.querySelector('[data-search]') as HTMLInputElement;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const before = document.querySelector('.inbox-canvas')?.getAttribute('style');
        const t = performance.now();
        setter.call(input, q);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        for (let i = 0; i < 100 && document.querySelector('.inbox-canvas')?.getAttribute('style') === before; i++)
          await new Promise((r) => setTimeout(r, 0));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const ms = performance.now() - t;
        setter.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return ms;
      }, query),
    );
  }
  // The app keeps its first screen a moment after showing it; then it starts again with it.
  for (let i = 0; i < 200 && !(await stat(savedScreen).catch(() => null)); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await page.close();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  // The static page and the app with its saved screen, one after the other, so that both see
  // the same moment of a machine whose load moves; which goes first alternates, so that neither
  // is always the one measured while the host still serves the previous app.
  for (let pair = 0; pair < PAIRS; pair++) {
    for (const page of pair % 2 ? (['saved', 'static'] as const) : (['static', 'saved'] as const)) {
      if (page === 'static')
        staticPaints.push((await paintOf(host.url.replace('/?', '/static-60.html?'), '.row')).paint);
      else {
        const saved = await paintOf(host.url, '#first-screen .row', '#root .inbox [role=option]');
        savedPaints.push(saved.paint);
        savedOpenable.push(saved.openable);
      }
      await new Promise((resolve) => setTimeout(resolve, PAIR_SETTLE_MS));
    }
  }
}
spinner?.kill();
await browser.close();
await host.close();
await created.close();

/** The page's first contentful paint on its own clock: read afterwards, nothing injected before it. */
function contentfulPaint(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
}

/**
 * Opens `url` in a fresh page: its first contentful paint, on the page's clock, and whether
 * `painted` (the HTML's rows) was in the page then; and when the first element matching `live`
 * (a row of the app that opens) was there. The page says both on its console from a script
 * added before it loads, so nothing of Playwright's runs in it before they happen.
 */
async function paintOf(url: string, painted: string, live?: string): Promise<{ paint: number; openable: number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(
    ({ painted, live }: { painted: string; live: string | null }) => {
      // When the rows were first in the page (the app may have replaced them by the time the
      // paint is reported): a paint before them is no figure for a page of rows.
      let rowsAt = Infinity;
      const rows = new MutationObserver(() => {
        if (!document.querySelector(painted)) return;
        rowsAt = performance.now();
        rows.disconnect();
      });
      rows.observe(document, { subtree: true, childList: true });
      new PerformanceObserver((entries, observer) => {
        const paint = entries.getEntriesByName('first-contentful-paint')[0];
        if (!paint) return;
        observer.disconnect();
        console.debug('perch-contentful', paint.startTime, rowsAt <= paint.startTime ? 'rows' : 'no-rows');
      }).observe({ type: 'paint', buffered: true });
      if (!live) return;
      const watch = new MutationObserver(() => {
        if (!document.querySelector(live)) return;
        watch.disconnect();
        requestAnimationFrame(() => console.debug('perch-live', performance.now()));
      });
      watch.observe(document, { subtree: true, childList: true });
    },
    { painted, live: live ?? null },
  );
  const said = (word: string) =>
    page
      .waitForEvent('console', { predicate: (m) => m.text().startsWith(`${word} `), timeout: 30_000 })
      .then((m) => m.text().split(' ').slice(1));
  const contentful = said('perch-contentful');
  const openable = live ? said('perch-live').then(([at]) => Number(at)) : Promise.resolve(NaN);
  await page.goto(url, { waitUntil: 'commit' });
  const [[paintAt, what], openableAt] = await Promise.all([contentful, openable]);
  await page.close();
  if (what !== 'rows') throw new Error(`${url}: its first contentful paint came before ${painted}`);
  return { paint: Number(paintAt), openable: openableAt };
}

/**
 * A page of `count` inbox rows as plain HTML in the app's stylesheet, laid out as a saved first
 * screen is (one row after another): what a first paint of rows costs at least.
 */
function staticRows(count: number, stylesheet: string): string {
  const row = (i: number) =>
    `<button type="button" class="row${i % 3 ? '' : ' unread'}"><span class="avatar">V${i % 10}</span>` +
    `<bdi class="name">Visitor ${i}</bdi><time class="time">${i} min</time>` +
    `<bdi class="preview">Where is my parcel number ${i}? It was due on Monday.</bdi>` +
    `<span class="row-meta"><span class="assignee">Unassigned</span><span class="tag">delivery</span></span></button>`;
  const rows = Array.from({ length: count }, (_, i) => row(i)).join('');
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><link rel="stylesheet" href="${stylesheet}"></head><body><div id="root"></div><div id="first-screen"><div class="app"><nav class="sidebar"></nav><section class="inbox"><div class="inbox-rows"><div class="inbox-scroll"><div class="inbox-canvas">${rows}</div></div></div></section></div></div></body></html>`;
}

const spread = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const staticPaintMs = Math.round(percentile(staticPaints, 50));
const savedPaintMs = Math.round(percentile(savedPaints, 50));
const result = {
  firstPaintMs: Math.round(percentile(firstPaints, 50)),
  scrollWorkP95Ms: round(percentile(work, 95)),
  longFrames: Math.max(...longFrames),
  searchMs: round(percentile(searches, 50)),
  conversations: CONVERSATIONS,
  rows,
  firstPaintRunsMs: firstPaints.map(Math.round),
  staticPaintRunsMs: staticPaints.map(Math.round),
  savedFirstScreenPaintRunsMs: savedPaints.map(Math.round),
  // As measured before: the benchmark's wall clock around opening the page and finding a row.
  firstPaintWallMs: Math.round(percentile(firstPaintsWall, 50)),
  allRowsMs: Math.round(percentile(allRows, 50)),
  scrollWorkP50Ms: round(percentile(work, 50)),
  scrollWorkMaxMs: round(Math.max(...work)),
  // The interval between animation frames, as measured before: bounded below by the display.
  scrollP95FrameMs: round(percentile(intervals, 95)),
  staticPaintMs,
  savedFirstScreenPaintMs: savedPaintMs,
  // Each pair measured at one moment of the machine: the median of their ratios.
  savedFirstScreenRatio: round(
    percentile(
      savedPaints.map((paint, i) => paint / staticPaints[i]!),
      50,
    ),
  ),
  firstContentfulPaintMs: Math.round(percentile(coldContentful, 50)),
  firstPaintRatio: round(percentile(coldContentful, 50) / staticPaintMs),
  firstRowOpenableMs: Math.round(percentile(savedOpenable, 50)),
  busy,
};
console.log(
  `\nRenderer benchmark (${quick ? 'quick' : 'full'}${busy ? ', one core kept busy by another process' : ''}), ${rows.toLocaleString('en')} rows in the inbox, headless Chromium, ${RUNS} run(s)`,
);
console.log(`machine: ${JSON.stringify(machine())}\n`);
console.log(
  '| first inbox paint (median, runs) | every row in | scroll work per frame p95 (max) | frames over 33 ms | search, keystroke to list |\n|---|---|---|---|---|',
);
console.log(
  `| ${result.firstPaintMs} ms (${spread(firstPaints)}) | ${result.allRowsMs} ms | ${result.scrollWorkP95Ms} ms (${result.scrollWorkMaxMs}) | ${result.longFrames} of ${FRAMES} | ${result.searchMs} ms |`,
);
console.log(
  '\n| static page of 60 rows | saved first screen (ratio) | app without it (ratio) | first row opens, with it |\n|---|---|---|---|',
);
console.log(
  `| ${staticPaintMs} ms | ${savedPaintMs} ms (${result.savedFirstScreenRatio}) | ${result.firstContentfulPaintMs} ms (${result.firstPaintRatio}) | ${result.firstRowOpenableMs} ms |`,
);
console.log(JSON.stringify(result));
