import type { BrowserWindowConstructorOptions } from 'electron';

/** The scheme Perch's own pages are served from, instead of file://. */
export const APP_SCHEME = 'perch';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

/**
 * Options of the main window. Kept free of Electron at run time so tests can check every
 * security setting on the very object the app passes to BrowserWindow.
 */
export function mainWindowOptions(
  preloadPath: string,
  bounds?: { x?: number; y?: number; width: number; height: number } | null,
  switches: { devTools: boolean } = { devTools: false },
): BrowserWindowConstructorOptions {
  return {
    width: bounds?.width ?? 1200,
    height: bounds?.height ?? 780,
    x: bounds?.x,
    y: bounds?.y,
    minWidth: 820,
    minHeight: 520,
    show: false,
    title: 'Perch',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      // Perch's alert sounds play on an event from main while the window is hidden in the tray:
      // a throttled background page could hold them back, and no click precedes the first.
      backgroundThrottling: false,
      autoplayPolicy: 'no-user-gesture-required',
      // Only where dev-switches.ts allows it: never in a packaged build.
      devTools: switches.devTools,
    },
  };
}

/** Whether a URL belongs to Perch's own pages (the custom scheme, or the dev server). */
export function isAppUrl(raw: string, devServerUrl?: string): boolean {
  try {
    const url = new URL(raw);
    if (url.origin === APP_ORIGIN || `${url.protocol}//${url.host}` === APP_ORIGIN) return true;
    return devServerUrl !== undefined && url.origin === new URL(devServerUrl).origin;
  } catch {
    return false;
  }
}
