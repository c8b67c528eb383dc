/**
 * One stand-in for the parts of Electron that Perch's adapters use, shared by every adapter
 * test (vitest aliases `electron` to this file). It records what the adapters asked for, and
 * lets a test play the user and the OS: click the tray, close a window, send an IPC call.
 * Its parts live beside it: electron-double-calls.ts (whether Electron is ready and which OS it
 * plays, images as the OS shows them, the record of calls), -app.ts (app and its quit order,
 * Electron's autoUpdater, dialogs, power, network, shell), -tray.ts (tray, menus,
 * notifications and Windows' activations), -window.ts (windows, webContents, session,
 * ipcMain), -net.ts (Chromium's URL loader); this file gathers them and resets them. It is as
 * strict as Electron 45 where Perch could go wrong (electron-double.test.ts).
 */
import {
  app,
  autoUpdater,
  dialog,
  globalShortcut,
  net,
  powerMonitor,
  protocol,
  safeStorage,
  shell,
} from './electron-double-app';
import { calls, electronState, nativeImage, requireReady } from './electron-double-calls';
import { Menu, Notification, popups, Tray } from './electron-double-tray';
import { BrowserWindow, FakeSession, ipcMain, session } from './electron-double-window';
import { FakeClientRequest, netFaults, type FakeRequestOptions } from './electron-double-net';

/** `net.request`: Chromium's URL loader on the default session unless the request names one. */
net.request = (options: FakeRequestOptions) => {
  requireReady('net module can only be used after app is ready');
  return new FakeClientRequest(withUrl(options), session.defaultSession);
};

/** Electron takes the address whole (`url`) or in parts (`protocol`, `hostname`, `port`, `path`), as electron-updater gives it. */
function withUrl(options: FakeRequestOptions & { protocol?: string; hostname?: string; port?: number; path?: string }) {
  if (options.url) return options;
  const port = options.port ? `:${options.port}` : '';
  return { ...options, url: `${options.protocol ?? 'http:'}//${options.hostname}${port}${options.path ?? '/'}` };
}

export { FakeImage } from './electron-double-calls';
export { netFaults } from './electron-double-net';
export type { FakeSession };
export {
  app,
  autoUpdater,
  BrowserWindow,
  electronState,
  calls,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  popups,
  powerMonitor,
  protocol,
  safeStorage,
  session,
  shell,
  Tray,
};

/**
 * Back to a fresh Electron between tests: ready, on the OS the tests run on. `ready: false`
 * plays the main script's first tick, before Electron is ready; `ready` follows on the next
 * turn of the event loop, as in Electron.
 */
export function resetElectronDouble(options: { ready?: boolean; platform?: NodeJS.Platform } = {}): void {
  electronState.ready = true;
  electronState.platform = options.platform ?? process.platform;
  Tray.instances = [];
  Notification.instances = [];
  Notification.supported = true;
  Notification.failWith = null;
  Notification.reset();
  BrowserWindow.instances = [];
  BrowserWindow.loadErrors = [];
  ipcMain.handlers.clear();
  app.removeAllListeners();
  app.quitting = false;
  app.quitted = false;
  app.terminated = false;
  app.openedAtLogin = false;
  app.desktopName = null;
  autoUpdater.removeAllListeners();
  autoUpdater.installed = false;
  app.logsPath = null;
  app.relaunched = false;
  app.exitCode = null;
  dialog.shown = [];
  dialog.nextResponse = 0;
  powerMonitor.removeAllListeners();
  powerMonitor.onBattery = false;
  powerMonitor.idleSeconds = 0;
  net.online = true;
  netFaults.next = null;
  netFaults.requests = [];
  session.defaultSession = new FakeSession();
  calls.badge = [];
  calls.dockBadge = [];
  calls.openedExternally = [];
  calls.loginItems = [];
  calls.shortcuts.clear();
  calls.shortcutBinds = [];
  calls.ignoredOptions = [];
  calls.schemes = [];
  calls.protocolHandlers.clear();
  calls.sandboxEnabled = false;
  calls.applicationMenus = [];
  calls.protocolClients = [];
  popups.length = 0;
  calls.bounces = [];
  app.isPackaged = false;
  app.userDataPath = '/tmp/perch-electron-double';
  if (options.ready === false) {
    electronState.ready = false;
    setImmediate(() => app.becomeReady());
  }
}

export default {
  app,
  autoUpdater,
  dialog,
  Tray,
  Menu,
  Notification,
  BrowserWindow,
  ipcMain,
  powerMonitor,
  net,
  session,
  shell,
  globalShortcut,
  protocol,
  safeStorage,
  nativeImage,
};
