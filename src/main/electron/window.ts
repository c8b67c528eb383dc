import { app, BrowserWindow } from 'electron';
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

export function loadRenderer(window: BrowserWindow, devServerUrl?: string): Promise<void> {
  return devServerUrl ? window.loadURL(devServerUrl) : window.loadURL(`${APP_ORIGIN}/index.html`);
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
