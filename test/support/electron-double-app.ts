/** The Electron double's app-wide parts: the app and its Dock, dialogs, power, network and shell services. */
import { EventEmitter } from 'node:events';
import { calls } from './electron-double-calls';

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

class FakeApp extends EventEmitter {
  isPackaged = false;
  /** macOS only in Electron; the adapters check the platform before using it. */
  dock: FakeDock | undefined = new FakeDock();
  quitting = false;
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
  setLoginItemSettings(settings: unknown) {
    calls.loginItems.push(settings);
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
    calls.sandboxEnabled = true;
  }
  whenReady() {
    return Promise.resolve();
  }
  quit() {
    this.quitting = true;
    this.emit('before-quit');
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
export const app = new FakeApp();

/** Electron's own updater (Squirrel), which electron-updater drives on macOS. */
export const autoUpdater = new EventEmitter();

/** Message boxes shown, and the button the "user" clicks in the next one. */
export const dialog = {
  shown: [] as { title?: string; detail?: string; buttons?: string[] }[],
  nextResponse: 0,
  async showMessageBox(options: { title?: string; detail?: string; buttons?: string[] }) {
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
  fetch: async (url: string) => new Response(`fetched ${url}`),
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
    calls.shortcuts.set(accelerator, fn);
    return true;
  },
  unregisterAll: () => calls.shortcuts.clear(),
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes: unknown[]) => calls.schemes.push(...schemes),
  handle: (scheme: string, handler: (request: Request) => unknown) => calls.protocolHandlers.set(scheme, handler),
};

export const safeStorage = {
  isAsyncEncryptionAvailable: async () => false,
  encryptStringAsync: async () => Buffer.alloc(0),
  decryptStringAsync: async () => ({ result: '', shouldReEncrypt: false }),
  getSelectedStorageBackend: () => 'basic_text',
};
