import { join } from 'node:path';
import { memoryCredentialStore } from '../../src/main/core/accounts/credentials';
import { startPerch, type RunningPerch, type StartOptions } from '../../src/main/electron/start';
import { app } from './electron-double';
import { until } from './until';

/**
 * The fifth rung: the whole main process as index.ts starts it (`startPerch`) on the Electron
 * double, with the accounts of `accountsOn`'s kind (the embedded demo, a token kept in memory),
 * hidden, without dev tools or test hooks, its window served from the double's userData folder
 * (set it first, as Electron's `app.getPath('userData')`). Options override; end it with
 * `quitPerchOnDouble`.
 */
export function perchOnDouble(options: Partial<StartOptions> = {}): Promise<RunningPerch> {
  return startPerch({
    rendererDir: app.userDataPath,
    preloadPath: join(app.userDataPath, 'preload.cjs'),
    devTools: false,
    testHooks: false,
    startHidden: true,
    credentials: async () => memoryCredentialStore(),
    ...options,
  });
}

/** Quits Perch as the agent would and waits for its accounts to close, so the next test starts once it has gone. */
export async function quitPerchOnDouble(): Promise<void> {
  if (!app.quitting) app.quit();
  await until(() => app.quitted, { what: 'Perch to quit', ms: 15_000 });
}
