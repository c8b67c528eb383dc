import { defineConfig } from '@playwright/test';

/** Debian's Chromium; Playwright never downloads a browser of its own here. */
export const CHROMIUM = process.env.PERCH_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Spec files run three at a time: most of a test is waiting for the product, so two cores
  // serve three browsers (each test has its own host, sandbox and data folder). A fourth gained
  // nothing here; running each file's tests apart cost their setups more than it balanced.
  fullyParallel: false,
  workers: 3,
  reporter: [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM,
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
