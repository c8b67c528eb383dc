import { app, BrowserWindow } from 'electron';
import type { ScopedLog } from '../core/ports';
import { APP_ORIGIN, mainWindowOptions } from './window-options';

/** The main window: hidden to the tray on close, shown again from the tray or a notification. */
export function createMainWindow(
  preloadPath: string,
  options: { bounds?: Parameters<typeof mainWindowOptions>[1]; startHidden?: boolean; devTools?: boolean } = {},
): BrowserWindow {
  const window = new BrowserWindow(
    mainWindowOptions(preloadPath, options.bounds, { devTools: options.devTools ?? false }),
  );
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  window.on('close', (event) => {
    if (!quitting) {
      event.preventDefault();
      window.hide();
    }
  });
  if (!options.startHidden) window.once('ready-to-show', () => window.show());
  return window;
}

/** How many times the first page load is tried when another navigation cuts it short. */
const LOAD_ATTEMPTS = 3;

/**
 * Loads Perch's page. A navigation that starts while it loads (a reload, the dev server's)
 * rejects the load with ERR_ABORTED though nothing is wrong: Perch loads its page again
 * rather than fail to start. Any other failure is the caller's.
 */
export async function loadRenderer(window: BrowserWindow, devServerUrl?: string, log?: ScopedLog): Promise<void> {
  const url = devServerUrl ?? `${APP_ORIGIN}/index.html`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await window.loadURL(url);
    } catch (error) {
      const aborted = (error as { code?: unknown }).code === 'ERR_ABORTED';
      if (!aborted || attempt >= LOAD_ATTEMPTS || window.isDestroyed()) throw error;
      log?.warn('page load cut short; loading again', { attempt });
    }
  }
}

/** The tray's left click: bring Perch forward, or put it away when it is already in front. */
export function toggleWindow(window: BrowserWindow): void {
  if (window.isVisible() && window.isFocused() && !window.isMinimized()) window.hide();
  else showWindow(window);
}

export function showWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
