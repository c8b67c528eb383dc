/**
 * `electron` as Electron 45's main process gives it to an ES module: exactly the names of
 * its browser and common module lists (electron/electron lib/browser/api/module-list.ts and
 * lib/common/api/module-list.ts) and the default export. A name Perch imports that Electron
 * does not export fails to link here as it would in Electron.
 *
 * Each value is inert: any property, call or `new` gives another inert value, and
 * `app.whenReady()` never settles, so the entry module's top level runs without starting Perch.
 */
const never = new Promise(() => {});

function inert() {
  return new Proxy(function () {}, {
    get(_target, property) {
      if (property === 'then') return undefined;
      if (property === Symbol.toPrimitive) return () => '';
      if (property === 'whenReady') return () => never;
      return inert();
    },
    apply: () => inert(),
    construct: () => inert(),
  });
}

export const app = inert();
export const autoUpdater = inert();
export const BaseWindow = inert();
export const BrowserView = inert();
export const BrowserWindow = inert();
export const clipboard = inert();
export const ClipboardItem = inert();
export const contentTracing = inert();
export const crashReporter = inert();
export const desktopCapturer = inert();
export const dialog = inert();
export const globalShortcut = inert();
export const ipcMain = inert();
export const ImageView = inert();
export const inAppPurchase = inert();
export const Menu = inert();
export const MenuItem = inert();
export const MessageChannelMain = inert();
export const nativeImage = inert();
export const nativeTheme = inert();
export const net = inert();
export const netLog = inert();
export const Notification = inert();
export const powerMonitor = inert();
export const powerSaveBlocker = inert();
export const pushNotifications = inert();
export const protocol = inert();
export const safeStorage = inert();
export const screen = inert();
export const ServiceWorkerMain = inert();
export const session = inert();
export const sharedTexture = inert();
export const ShareMenu = inert();
export const shell = inert();
export const systemPreferences = inert();
export const TouchBar = inert();
export const Tray = inert();
export const utilityProcess = inert();
export const View = inert();
export const webContents = inert();
export const WebContentsView = inert();
export const webFrameMain = inert();

export default inert();
