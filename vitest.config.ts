import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const electronAdapterTests = 'test/electron/**/*.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Most of a test's time is spent waiting for a poll, a server or a timer, not computing:
    // four files at a time keep two cores busy (the default, one fewer than the cores, left
    // them idle most of the run).
    maxWorkers: Math.max(4, availableParallelism()),
    hookTimeout: 30_000,
    projects: [
      {
        // Everything but the adapters: `electron` resolves to a module that throws on import.
        extends: true,
        resolve: { alias: { electron: resolve('test/support/no-electron.ts') } },
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**', 'test/keychain/**', electronAdapterTests, 'node_modules/**'],
        },
      },
      {
        // The Electron adapters run against one shared Electron double instead of Electron itself.
        extends: true,
        resolve: { alias: { electron: resolve('test/support/electron-double.ts') } },
        test: {
          name: 'electron',
          include: [electronAdapterTests],
          // Bundled so its `electron` import meets the double too.
          server: { deps: { inline: ['electron-store'] } },
        },
      },
    ],
  },
});
