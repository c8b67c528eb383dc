import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium; Playwright never downloads a browser of its own here. The renderer benchmark runs in it. */
export const CHROMIUM = process.env.PERCH_CHROMIUM ?? '/usr/bin/chromium';

/**
 * The end-to-end suites' browser: Debian's headless shell of that same Chromium when installed
 * (`chromium-headless-shell`, what Playwright itself runs headless: the same Blink without the
 * desktop browser around it), which spends about a third less CPU on the suite; else CHROMIUM.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM = process.env.PERCH_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

/**
 * Spec files run side by side, one and a half a core: most of a test is waiting for the product,
 * so two cores serve three browsers (each test has its own host, sandbox and data folder); a
 * fourth on two cores was slower under load and timed out. On a machine busier than eight
 * runnable processes a core, the CPU-bound steps (a render, an audit) stretch towards the
 * 10 s expectations, so fewer run; never fewer than two. PERCH_E2E_WORKERS overrides.
 */
export function e2eWorkers(cores = availableParallelism(), load = loadavg()[0]!): number {
  const crowding = Math.max(1, load / cores / 8);
  return Math.max(2, Math.round((cores * 1.5) / crowding));
}

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Running each file's tests apart cost their setups more than it balanced; the long audit
  // file runs its tests apart itself.
  fullyParallel: false,
  workers: Number(process.env.PERCH_E2E_WORKERS) || e2eWorkers(),
  reporter: [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: TEST_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'browser-host', testMatch: /.*\.spec\.ts/, testIgnore: /electron\/.*/ },
    { name: 'electron', testMatch: /electron\/.*\.spec\.ts/ },
  ],
});
