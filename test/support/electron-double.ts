/**
 * One stand-in for the parts of Electron that Perch's adapters use, shared by every adapter
 * test (vitest aliases `electron` to this file). It records what the adapters asked for, and
 * lets a test play the user and the OS: click the tray, close a window, send an IPC call.
 */
import { EventEmitter } from 'node:events';

type Listener = (...args: any[]) => unknown;

export class FakeImage {
  readonly representations: { scaleFactor: number; width: number; height: number; buffer: Buffer }[] = [];
  constructor(
    private readonly bitmap: Buffer | null,
    readonly size: { width: number; height: number },
    readonly path: string | null = null,
  ) {}
  /** The bitmap, or the 2× one of an image built from representations. */
  get pixels(): Buffer | null {
    return this.bitmap ?? this.representations.find((r) => r.scaleFactor === 2)?.buffer ?? null;
  }
  addRepresentation(representation: { scaleFactor: number; width: number; height: number; buffer: Buffer }) {
    this.representations.push(representation);
  }
  isEmpty() {
    return this.pixels === null && this.path === null;
  }
}

export const nativeImage = {
  createFromBitmap: (pixels: Buffer, o: { width: number; height: number }) => new FakeImage(pixels, o),
  createFromPath: (path: string) => new FakeImage(null, { width: 0, height: 0 }, path),
  createEmpty: () => new FakeImage(null, { width: 0, height: 0 }),
};

export const calls = {
  badge: [] as number[],
  /** Every text the macOS Dock badge was given. */
  dockBadge: [] as string[],
  openedExternally: [] as string[],
  loginItems: [] as unknown[],
  shortcuts: new Map<string, () => void>(),
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => unknown>(),
  sandboxEnabled: false,
  /** Every app.setAsDefaultProtocolClient call: the scheme, and the program and arguments if named. */
  protocolClients: [] as unknown[][],
  /** Every Dock bounce asked for, and each one cancelled, by ID. */
  bounces: [] as { id: number; type: string; cancelled: boolean }[],
  /** Every Menu.setApplicationMenu call: null, or the built menu. */
  applicationMenus: [] as ({ items: any[] } | null)[],
};

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

/** Message boxes shown, and the button the "user" clicks in the next one. */
export const dialog = {
  shown: [] as { title?: string; detail?: string; buttons?: string[] }[],
  nextResponse: 0,
  async showMessageBox(options: { title?: string; detail?: string; buttons?: string[] }) {
    this.shown.push(options);
    return { response: this.nextResponse, checkboxChecked: false };
  },
};

export class Tray extends EventEmitter {
  static instances: Tray[] = [];
  image: FakeImage;
  tooltip = '';
  title = '';
  menu: { items: any[] } | null = null;
  destroyed = false;
  imageChanges = 0;
  /** Every tooltip set, in order: a test sees each write. */
  tooltips: string[] = [];
  constructor(image: FakeImage) {
    super();
    this.image = image;
    Tray.instances.push(this);
  }
  setImage(image: FakeImage) {
    this.image = image;
    this.imageChanges += 1;
  }
  setToolTip(text: string) {
    this.tooltip = text;
    this.tooltips.push(text);
  }
  setTitle(text: string) {
    this.title = text;
  }
  setContextMenu(menu: { items: any[] }) {
    this.menu = menu;
  }
  destroy() {
    this.destroyed = true;
  }
}

/** Context menus shown (`popup`), newest last. */
export const popups: { items: any[] }[] = [];

export const Menu = {
  buildFromTemplate: (items: any[]) => {
    const menu = { items };
    // Not enumerable: tests compare built menus by their items.
    Object.defineProperty(menu, 'popup', { value: () => void popups.push(menu) });
    return menu;
  },
  setApplicationMenu: (menu: { items: any[] } | null) => void calls.applicationMenus.push(menu),
};

export class Notification extends EventEmitter {
  static supported = true;
  static instances: Notification[] = [];
  shown = false;
  closed = false;
  constructor(
    readonly options: {
      title: string;
      body: string;
      silent?: boolean;
      hasReply?: boolean;
      actions?: { type: 'button' | 'selection'; text?: string }[];
    },
  ) {
    super();
    Notification.instances.push(this);
  }
  static isSupported() {
    return Notification.supported;
  }
  show() {
    this.shown = true;
  }
  close() {
    this.closed = true;
    this.emit('close');
  }
}

class FakeFrame {
  constructor(public url: string) {}
}

class FakeWebContents extends EventEmitter {
  sent: [string, unknown][] = [];
  session = session.defaultSession;
  zoomFactor = 1;
  replaced: string[] = [];
  setZoomFactor(factor: number) {
    this.zoomFactor = factor;
  }
  replaceMisspelling(word: string) {
    this.replaced.push(word);
  }
  reloads = 0;
  reload() {
    this.reloads++;
  }
  mainFrame = new FakeFrame('perch://app/index.html');
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  webContents = new FakeWebContents();
  visible = false;
  focused = false;
  minimized = false;
  destroyed = false;
  bounds = { x: 10, y: 20, width: 1200, height: 780 };
  overlay: FakeImage | null = null;
  loaded: string | null = null;
  /** Whether the taskbar button flashes (Windows) or the window asks for attention (Linux). */
  flashing = false;
  flashFrame(flag: boolean) {
    this.flashing = flag;
  }
  constructor(readonly options: any) {
    super();
    BrowserWindow.instances.push(this);
  }
  show() {
    this.visible = true;
    this.emit('show');
  }
  hide() {
    this.visible = false;
    this.emit('hide');
  }
  focus() {
    this.focused = true;
    this.emit('focus');
  }
  isVisible() {
    return this.visible;
  }
  isFocused() {
    return this.focused;
  }
  isMinimized() {
    return this.minimized;
  }
  isMaximized() {
    return false;
  }
  restore() {
    this.minimized = false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  getBounds() {
    return this.bounds;
  }
  setOverlayIcon(image: FakeImage | null) {
    this.overlay = image;
  }
  loadURL(url: string) {
    this.loaded = url;
    return Promise.resolve();
  }
  /** The user closes the window: listeners may prevent it. */
  close() {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroyed = true;
  }
}

class FakeIpcMain {
  handlers = new Map<string, Listener>();
  /** electron-store registers a synchronous channel for renderers; Perch's renderer never uses it. */
  on() {}
  handle(channel: string, handler: Listener) {
    if (this.handlers.has(channel)) throw new Error(`a handler for ${channel} exists already`);
    this.handlers.set(channel, handler);
  }
  /** Plays an invoke from a renderer: `sender` and `senderFrame` as Electron would pass them. */
  invoke(channel: string, event: { sender: unknown; senderFrame: unknown }, ...args: unknown[]) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, ...args);
  }
}
export const ipcMain = new FakeIpcMain();

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
};

class FakeSession {
  availableSpellCheckerLanguages = ['en-US', 'en-GB', 'ru', 'uk', 'de'];
  spellCheckerLanguages: string[] = ['en-US'];
  spellCheckerEnabled = true;
  dictionaryWords: string[] = [];
  setSpellCheckerLanguages(languages: string[]) {
    this.spellCheckerLanguages = [...languages];
  }
  setSpellCheckerEnabled(enabled: boolean) {
    this.spellCheckerEnabled = enabled;
  }
  addWordToSpellCheckerDictionary(word: string) {
    this.dictionaryWords.push(word);
    return true;
  }
  /** Chromium's network, played by Node's fetch (real HTTP); a test may swap it to play a failure. */
  fetch: (input: string, init?: RequestInit) => Promise<Response> = (input, init) => globalThis.fetch(input, init);
  /** What the system's proxy settings name for an address. */
  proxyAnswer = 'DIRECT';
  resolvedProxies: string[] = [];
  async resolveProxy(url: string) {
    this.resolvedProxies.push(url);
    return this.proxyAnswer;
  }
  permissionRequest: Listener | null = null;
  permissionCheck: Listener | null = null;
  setPermissionRequestHandler(handler: Listener) {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: Listener) {
    this.permissionCheck = handler;
  }
}
export const session = { defaultSession: new FakeSession() };
export type { FakeSession };

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

/** Back to a fresh Electron between tests. */
export function resetElectronDouble(): void {
  Tray.instances = [];
  Notification.instances = [];
  Notification.supported = true;
  BrowserWindow.instances = [];
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
