import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Adapter tests run against one shared Electron double instead of Electron itself.
  resolve: { alias: { electron: resolve('test/support/electron-double.ts') } },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'test/keychain/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Bundled so its `electron` import meets the double too.
    server: { deps: { inline: ['electron-store'] } },
  },
});
