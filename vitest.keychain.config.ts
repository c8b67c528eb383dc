import { defineConfig } from 'vitest/config';

/** The keychain suite: run by `npm run test:keychain` inside a D-Bus session with gnome-keyring. */
export default defineConfig({
  test: { include: ['test/keychain/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
});
