/** The Electron double's app-wide parts: the app and its Dock, dialogs, power, network and shell services. */
import { EventEmitter } from 'node:events';
import { calls, electronState, requireNotReady, requireReady } from './electron-double-calls';
import { BrowserWindow } from './electron-double-window';

class FakeDock {
  setBadge(text: string) {
    calls.dockBadge.push(text);
  }
  bounce(type: 'critical' | 'informational' = 'informational') {
    const id = calls.bounces.length + 1;
    calls.bounces.push({ id, type, cancelled: false });
    return id;
  }
  cancelBounce(id: number) {
    const bounce = calls.bounces.find((b) => b.id === id);
    if (bounce) bounce.cancelled = true;
  }
}

/** An Electron event: listeners may prevent what follows. */
export function preventable<T extends object>(fields: T = {} as T) {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault: () => void (event.defaultPrevented = true),
  };
  return event;
}

/** The options of `setLoginItemSettings` each OS reads (electron.d.ts, Electron 45); the rest Electron ignores. */
export const SESSION_BEFORE_READY = 'Session can only be received when app is ready';
const SHORTCUT_BEFORE_READY = 'globalShortcut cannot be used before the app is ready';

const LOGIN_ITEM_OPTIONS: Partial<Record<NodeJS.Platform, string[]>> = {
  darwin: ['openAtLogin', 'type', 'serviceName'],
  win32: ['openAtLogin', 'path', 'args', 'enabled', 'name'],
};

class FakeApp extends EventEmitter {
  isPackaged = false;
  /** macOS only in Electron: undefined on the other platforms the double plays. */
  get dock(): FakeDock | undefined {
    return electronState.platform === 'darwin' ? dock : undefined;
  }
  /** A quit was asked for and nothing cancelled it (yet). */
  quitting = false;
  /** The quit went through: every window closed, `will-quit` and `quit` emitted. */
  quitted = false;
  /** Windows ended the session and nobody began to quit: Electron terminates the process there and then. */
  terminated = false;
  /** What `getLoginItemSettings` reports of this start (macOS): set by a test playing a start at login. */
  openedAtLogin = false;
  /** The desktop file name (Linux) as Electron took it: package.json's `desktopName` or `setDesktopName` before ready. */
  desktopName: string | null = null;
  setBadgeCount(n: number) {
    calls.badge.push(n);
    return true;
  }
  /** Where userData and every other path point; a test gives each run a folder of its own. */
  userDataPath = '/tmp/perch-electron-double';
  /** Where `getPath('logs')` points (Electron keeps logs apart from userData); default: `logs` inside userData. */
  logsPath: string | null = null;
  getPath(name?: string) {
    if (name === 'logs') return this.logsPath ?? `${this.userDataPath}/logs`;
    return this.userDataPath;
  }
  getAppPath() {
    return process.cwd();
  }
  getVersion() {
    return '0.0.0';
  }
  getName() {
    return 'Perch';
  }
  getPreferredSystemLanguages() {
    return ['en-US'];
  }
  loginItem: Record<string, unknown> = {};
  /** Keeps only what the OS reads; the rest is recorded in `calls.ignoredOptions`, as Electron drops it silently. */
  setLoginItemSettings(settings: Record<string, unknown>) {
    const known = LOGIN_ITEM_OPTIONS[electronState.platform];
    if (!known) {
      calls.ignoredOptions.push(`app.setLoginItemSettings on ${electronState.platform}`);
      return;
    }
    const kept = Object.fromEntries(Object.entries(settings).filter(([key]) => known.includes(key)));
    for (const key of Object.keys(settings))
      if (!known.includes(key))
        calls.ignoredOptions.push(`app.setLoginItemSettings ${key} on ${electronState.platform}`);
    this.loginItem = kept;
    calls.loginItems.push(kept);
  }
  getLoginItemSettings() {
    const openAtLogin = this.loginItem.openAtLogin === true;
    return electronState.platform === 'darwin'
      ? { openAtLogin, wasOpenedAtLogin: this.openedAtLogin, status: openAtLogin ? 'enabled' : 'not-registered' }
      : { openAtLogin, executableWillLaunchAtLogin: openAtLogin, launchItems: [] };
  }
  setDesktopName(name: string) {
    if (electronState.platform !== 'linux') return;
    // Electron reads it when Chromium starts: a later call names nothing the desktop sees.
    if (electronState.ready) calls.ignoredOptions.push('app.setDesktopName after ready');
    else this.desktopName = name;
  }
  requestSingleInstanceLock() {
    return true;
  }
  setAppUserModelId() {}
  setAsDefaultProtocolClient(...args: unknown[]) {
    calls.protocolClients.push(args);
    return true;
  }
  enableSandbox() {
    requireNotReady('app.enableSandbox() can only be called before app is ready');
    calls.sandboxEnabled = true;
  }
  isReady() {
    return electronState.ready;
  }
  whenReady(): Promise<void> {
    if (electronState.ready) return Promise.resolve();
    return new Promise((resolve) => this.once('ready', () => resolve()));
  }
  /** Electron's `ready`, once the first tick of the main script is over. */
  becomeReady() {
    if (electronState.ready) return;
    electronState.ready = true;
    this.emit('ready', preventable());
  }
  /**
   * Electron's order: `before-quit`, then every window is asked to close (one that prevents it
   * cancels the quit), then `will-quit` and `quit`.
   */
  quit() {
    if (this.quitted) return;
    const beforeQuit = preventable();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    this.quitting = true;
    if (!closeAllWindows()) {
      this.quitting = false;
      return;
    }
    const willQuit = preventable();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.quitted = true;
    this.emit('quit', preventable(), 0);
  }
  /** The agent clicks Perch's Dock icon (macOS only; Electron emits `activate` nowhere else). */
  clickDockIcon() {
    if (electronState.platform !== 'darwin') throw new Error('the Dock is macOS only');
    const visible = BrowserWindow.instances.some((w) => !w.isDestroyed() && w.isVisible());
    this.emit('activate', preventable(), visible);
  }
  /**
   * Windows logs off or shuts down (WM_ENDSESSION): every window hears `session-end`; unless a
   * handler began to quit, Electron terminates the process right after (no `before-quit`).
   */
  endSession(reasons: string[] = ['logoff']) {
    if (electronState.platform !== 'win32') throw new Error('session-end is Windows only');
    for (const window of BrowserWindow.instances.filter((w) => !w.isDestroyed()))
      window.emit('session-end', preventable({ reasons }));
    if (!this.quitting) this.terminated = true;
  }
  relaunched = false;
  exitCode: number | null = null;
  relaunch() {
    this.relaunched = true;
  }
  exit(code = 0) {
    this.exitCode = code;
  }
}
const dock = new FakeDock();
export const app = new FakeApp();

/** Asks every window to close, as Electron's WindowList does: false when one prevented it. */
function closeAllWindows(): boolean {
  for (const window of BrowserWindow.instances.filter((w) => !w.isDestroyed())) {
    window.close();
    if (!window.isDestroyed()) return false;
  }
  return true;
}

/**
 * Electron's own `autoUpdater`, as far as an install goes: `quitAndInstall` emits
 * `before-quit-for-update`, closes every window and only then quits, so `before-quit` comes after
 * the windows' `close`. A window that prevents its close stops the install, silently.
 */
class FakeAutoUpdater extends EventEmitter {
  installed = false;
  quitAndInstall() {
    this.emit('before-quit-for-update');
    if (!closeAllWindows()) return;
    app.quit();
    this.installed = app.quitted;
  }
}
export const autoUpdater = new FakeAutoUpdater();

/** Message boxes shown, and the button the "user" clicks in the next one. */
export const dialog = {
  shown: [] as { title?: string; detail?: string; buttons?: string[] }[],
  nextResponse: 0,
  async showMessageBox(options: { title?: string; detail?: string; buttons?: string[] }) {
    requireReady('dialog module can only be used after app is ready');
    this.shown.push(options);
    return { response: this.nextResponse, checkboxChecked: false };
  },
};

class FakePowerMonitor extends EventEmitter {
  onBattery = false;
  idleSeconds = 0;
  isOnBatteryPower() {
    return this.onBattery;
  }
  getSystemIdleTime() {
    return this.idleSeconds;
  }
}
export const powerMonitor = new FakePowerMonitor();

export const net = {
  online: true,
  isOnline: () => net.online,
  fetch: async (url: string) => {
    requireReady(SESSION_BEFORE_READY, TypeError);
    return new Response(`fetched ${url}`);
  },
  /** Set by electron-double.ts, which knows the session (electron-double-net.ts). */
  request: null as unknown as (options: { url: string }) => EventEmitter,
};

export const shell = {
  openExternal: async (url: string) => {
    calls.openedExternally.push(url);
  },
};

export const globalShortcut = {
  register: (accelerator: string, fn: () => void) => {
    requireReady(SHORTCUT_BEFORE_READY);
    calls.shortcutBinds.push(accelerator);
    calls.shortcuts.set(accelerator, fn);
    return true;
  },
  unregisterAll: () => {
    requireReady(SHORTCUT_BEFORE_READY);
    calls.shortcuts.clear();
  },
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes: unknown[]) => {
    requireNotReady('protocol.registerSchemesAsPrivileged should be called before app is ready');
    calls.schemes.push(...schemes);
  },
  /** Electron's `protocol.handle` is the default session's: there is none before ready. */
  handle: (scheme: string, handler: (request: Request) => unknown) => {
    requireReady(SESSION_BEFORE_READY, TypeError);
    calls.protocolHandlers.set(scheme, handler);
  },
};

export const safeStorage = {
  isAsyncEncryptionAvailable: async () => false,
  encryptStringAsync: async () => {
    requireReady('safeStorage cannot be used before app is ready');
    return Buffer.alloc(0);
  },
  decryptStringAsync: async () => {
    requireReady('safeStorage cannot be used before app is ready');
    return { result: '', shouldReEncrypt: false };
  },
  getSelectedStorageBackend: () => 'basic_text',
};
