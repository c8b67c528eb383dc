/**
 * One stand-in for the parts of Electron that Perch's adapters use, shared by every adapter
 * test (vitest aliases `electron` to this file). It records what the adapters asked for, and
 * lets a test play the user and the OS: click the tray, close a window, send an IPC call.
 * Its parts live beside it: electron-double-calls.ts (images and the record of calls),
 * -app.ts (app, dialogs, power, network, shell), -tray.ts (tray, menus, notifications) and
 * -window.ts (windows, webContents, session, ipcMain), -net.ts (Chromium's URL loader); this file gathers them and resets them.
 */
import { app, dialog, globalShortcut, net, powerMonitor, protocol, safeStorage, shell } from './electron-double-app';
import { autoUpdater } from './electron-double-app';
import { calls, nativeImage } from './electron-double-calls';
import { Menu, Notification, popups, Tray } from './electron-double-tray';
import { BrowserWindow, FakeSession, ipcMain, session } from './electron-double-window';
import { FakeClientRequest, netFaults, type FakeRequestOptions } from './electron-double-net';

/** `net.request`: Chromium's URL loader on the default session unless the request names one. */
net.request = (options: FakeRequestOptions) => new FakeClientRequest(withUrl(options), session.defaultSession);

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

/** Back to a fresh Electron between tests. */
export function resetElectronDouble(): void {
  Tray.instances = [];
  Notification.instances = [];
  Notification.supported = true;
  BrowserWindow.instances = [];
  BrowserWindow.loadErrors = [];
  ipcMain.handlers.clear();
  app.removeAllListeners();
  app.quitting = false;
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
  calls.schemes = [];
  calls.protocolHandlers.clear();
  calls.sandboxEnabled = false;
  calls.applicationMenus = [];
  calls.protocolClients = [];
  popups.length = 0;
  calls.bounces = [];
  app.isPackaged = false;
  app.userDataPath = '/tmp/perch-electron-double';
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
