import { app, autoUpdater } from 'electron';
import { errorFields } from '../core/log/logger';
import type { ScopedLog } from '../core/ports';

/** The longest a quit waits for the accounts: a close that hangs must not keep Perch from quitting. */
export const QUIT_WAIT_MS = 10_000;

/**
 * Electron ends the process as soon as `before-quit` has returned, so the first quit is held
 * (preventDefault) until the accounts have sent what waits for it (a reply in its Undo send
 * window, a close) and saved their state, and only then quits for real. An update's install
 * is not held: the update controller sent what waited before it asked to install, and
 * Squirrel's install must follow its own quit.
 */
export function holdQuitForAccounts(teardown: () => void, closeAccounts: () => Promise<void>, log: ScopedLog): void {
  let installing = false;
  let closing: Promise<void> | null = null;
  let closed = false;
  autoUpdater.on('before-quit-for-update', () => (installing = true));
  app.on('before-quit', (event) => {
    if (closed) return;
    if (installing) {
      closed = true;
      teardown();
      void closeAccounts().catch((error) => log.error('closing the accounts failed', errorFields(error)));
      return;
    }
    event.preventDefault();
    if (closing) return;
    teardown();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log.warn('quitting before the accounts closed', { waitedMs: QUIT_WAIT_MS });
        resolve();
      }, QUIT_WAIT_MS);
    });
    closing = Promise.race([
      closeAccounts().catch((error) => log.error('closing the accounts failed', errorFields(error))),
      timeout,
    ]).finally(() => {
      clearTimeout(timer);
      closed = true;
      app.quit();
    });
  });
}
