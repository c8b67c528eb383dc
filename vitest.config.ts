import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const electronAdapterTests = 'test/electron/**/*.test.ts';
const rendererTests = 'test/renderer/**/*.test.{ts,tsx}';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Most of a test's time is spent waiting for a poll, a server or a timer, not computing:
    // four files at a time keep two cores busy (the default, one fewer than the cores, left
    // them idle most of the run).
    maxWorkers: Math.max(4, availableParallelism()),
    // A worker runs its files one after another in one module graph instead of importing every
    // module anew for each file. Each test builds its own sandbox and workspace; the Electron
    // double is one module, put back to a fresh Electron by resetElectronDouble() before each
    // test. The renderer's tests share the page's one store: they keep a graph per file.
    isolate: false,
    hookTimeout: 30_000,
    projects: [
      {
        // Everything but the adapters: `electron` resolves to a module that throws on import.
        extends: true,
        resolve: { alias: { electron: resolve('test/support/no-electron.ts') } },
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**', 'test/keychain/**', electronAdapterTests, rendererTests, 'node_modules/**'],
        },
      },
      {
        extends: true,
        resolve: { alias: { electron: resolve('test/support/no-electron.ts') } },
        test: { name: 'renderer', include: [rendererTests], isolate: true },
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
