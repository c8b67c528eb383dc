import { app, autoUpdater, BrowserWindow } from 'electron';
import type { ScopedLog } from '../core/ports';
import { APP_ORIGIN, mainWindowOptions } from './window-options';

/**
 * The main window: hidden to the tray on close, shown again from the tray or a notification.
 * Where no tray shows Perch's icon (`hideOnClose` says, tray-host.ts), closing minimizes it
 * instead: hidden, nothing would bring it back.
 */
export function createMainWindow(
  preloadPath: string,
  options: {
    bounds?: Parameters<typeof mainWindowOptions>[1];
    startHidden?: boolean;
    devTools?: boolean;
    hideOnClose?: () => boolean;
  } = {},
): BrowserWindow {
  const window = new BrowserWindow(
    mainWindowOptions(preloadPath, options.bounds, { devTools: options.devTools ?? false }),
  );
  let quitting = false;
  const letClose = () => {
    quitting = true;
  };
  app.on('before-quit', letClose);
  // An update's install (Electron's, or electron-updater's on every OS) closes the windows
  // first and only then emits before-quit: hiding here would stop the install, silently.
  autoUpdater.on('before-quit-for-update', letClose);
  // Windows logging off or shutting down sends no before-quit, and Electron ends the process
  // right after session-end unless a quit began there: quitting lets before-quit save what is pending.
  window.on('session-end', () => {
    letClose();
    app.quit();
  });
  window.on('close', (event) => {
    if (quitting) return;
    event.preventDefault();
    if (options.hideOnClose?.() ?? true) window.hide();
    else window.minimize();
  });
  // macOS: a click on the Dock icon (or opening Perch again) brings back a window closed to the tray.
  app.on('activate', () => {
    if (!window.isDestroyed()) showWindow(window);
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
