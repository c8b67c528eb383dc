import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { RecordingNotifier, startBrowserHost } from '/work/wt/perf/src/main/browser-host/host';
import { memoryCredentialStore } from '/work/wt/perf/src/main/core/credentials';
import { createSessions } from '/work/wt/perf/src/main/core/session';
const dataDir = await mkdtemp(join(tmpdir(), 'perch-probe-'));
await writeFile(join(dataDir, 'account.json'), JSON.stringify({ welcomed: true }));
const session = await createSessions({ dataDir, credentials: memoryCredentialStore(), workspace: { notifier: new RecordingNotifier(), realtime: false, openExternal: async () => {} }, demo: { conversationsPerApp: 10000, simulatorIntervalMs: false, seed: 4, persist: false } });
await session.sessions.start();
const workspace = session.sessions.workspace!;
while (!workspace.inbox.snapshot().progress.done) await new Promise((r) => setTimeout(r, 50));
const host = await startBrowserHost({ contract: session.sessions, rendererDir: resolve(process.env.DIR ?? 'out/renderer') });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
for (let i = 0; i < 4; i++) {
const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await p.addInitScript(() => {
  const mo = new MutationObserver(() => { if (document.querySelector('.inbox [role=option]') && !(window as any).__first) (window as any).__first = performance.now(); });
  mo.observe(document, { subtree: true, childList: true });
});
const t0 = Date.now();
await p.goto(host.url);
await p.locator('.inbox [role=option]').first().waitFor();
const wall = Date.now() - t0;
const out = await p.evaluate(() => {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  const res = performance.getEntriesByType('resource').map((r) => `${r.name.split('/').pop()!.slice(0, 20)}:${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`);
  return { resp: Math.round(nav.responseEnd), dcl: Math.round(nav.domContentLoadedEventEnd), res, first: Math.round((window as any).__first), fcp: performance.getEntriesByName('first-contentful-paint').map((e) => Math.round(e.startTime)) };
});
console.log(wall, JSON.stringify(out));
await p.close();
}
const out = 0;
console.log(JSON.stringify(out, null, 1));
await browser.close(); await host.close(); await session.close();
