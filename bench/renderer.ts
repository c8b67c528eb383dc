// npm run bench:renderer [-- --quick]: the real renderer in Chromium with 10,000 conversations.
// Last line: {"firstPaintMs":..,"scrollP95FrameMs":..,"searchMs":..,"conversations":10000,"rows":..}
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { RecordingNotifier, startBrowserHost } from '../src/main/browser-host/host';
import { memoryCredentialStore } from '../src/main/core/credentials';
import { createSessionsWithDemo } from '../src/main/demo/embedded-demo';
import { CHROMIUM } from '../playwright.config';
import { machine, percentile, round } from './support';

const quick = process.argv.includes('--quick');
const CONVERSATIONS = 10_000;
const RUNS = quick ? 1 : 3;

const dataDir = await mkdtemp(join(tmpdir(), 'perch-bench-ui-'));
await writeFile(join(dataDir, 'account.json'), JSON.stringify({ welcomed: true }));
const session = await createSessionsWithDemo({
  dataDir,
  credentials: memoryCredentialStore(),
  workspace: { notifier: new RecordingNotifier(), realtime: false, openExternal: async () => {} },
  demo: { conversationsPerApp: CONVERSATIONS, simulatorIntervalMs: false, seed: 4, persist: false },
});
await session.sessions.start();
const workspace = session.sessions.workspace!;
while (!workspace.inbox.snapshot().progress.done) await new Promise((r) => setTimeout(r, 50));
const rows = workspace.inbox.snapshot().rows.length;
const host = await startBrowserHost({ contract: session.sessions, rendererDir: resolve('out/renderer') });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });

const firstPaints: number[] = [];
const frames: number[] = [];
const searches: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const t0 = Date.now();
  await page.goto(host.url);
  await page.locator('.inbox [role=option]').first().waitFor();
  firstPaints.push(Date.now() - t0);

  // Scroll the list a screen per frame and record the time between frames.
  frames.push(
    ...(await page.evaluate(async () => {
      const list = document.querySelector('.inbox-scroll') as HTMLElement;
      const deltas: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 150; i++) {
        list.scrollTop += 600;
        list.dispatchEvent(new Event('scroll'));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
      }
      return deltas;
    })),
  );

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
        for (let i = 0; i < 100 && document.querySelector('.inbox-canvas')?.getAttribute('style') === before; i++) await new Promise((r) => setTimeout(r, 0));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        const ms = performance.now() - t;
        setter.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return ms;
      }, query),
    );
  }
  await page.close();
}
await browser.close();
await host.close();
await session.close();

const result = { firstPaintMs: Math.round(percentile(firstPaints, 50)), scrollP95FrameMs: round(percentile(frames, 95)), searchMs: round(percentile(searches, 50)), conversations: CONVERSATIONS, rows };
console.log(`\nRenderer benchmark (${quick ? 'quick' : 'full'}), ${rows.toLocaleString('en')} rows in the inbox, headless Chromium, ${RUNS} run(s)`);
console.log(`machine: ${JSON.stringify(machine())}\n`);
console.log('| first inbox paint | scroll frame p95 | search, keystroke to list |\n|---|---|---|');
console.log(`| ${result.firstPaintMs} ms | ${result.scrollP95FrameMs} ms | ${result.searchMs} ms |`);
console.log(JSON.stringify(result));
