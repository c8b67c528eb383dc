/** The Electron double's windows: BrowserWindow with its webContents and session, and ipcMain. */
import { EventEmitter } from 'node:events';
import { requireReady, type FakeImage } from './electron-double-calls';

type Listener = (...args: any[]) => unknown;

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
    this.abortPendingLoad();
  }
  /** The error the next load ends with, as Chromium names it (`ERR_ABORTED`, `ERR_FILE_NOT_FOUND`…). */
  failNextLoad: { code: string; errno: number } | null = null;
  private pendingLoad: ((error: Error | null) => void) | null = null;
  /**
   * Electron's `loadURL` settles when the page has loaded: it rejects with the load's error
   * (`ERR_ABORTED (-3) loading '…'`) when the load fails, or when another navigation (a
   * reload, another loadURL) starts before it finished.
   */
  loadURL(url: string): Promise<void> {
    this.abortPendingLoad();
    const failure = this.failNextLoad;
    this.failNextLoad = null;
    return new Promise<void>((resolve, reject) => {
      const settle = (error: Error | null) => {
        if (this.pendingLoad !== settle) return;
        this.pendingLoad = null;
        if (error) reject(error);
        else resolve();
      };
      this.pendingLoad = settle;
      setImmediate(() => settle(failure ? loadError(failure.code, failure.errno, url) : null));
    });
  }
  private abortPendingLoad() {
    this.pendingLoad?.(loadError('ERR_ABORTED', -3, this.mainFrame.url));
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
    super(requireReady('Cannot create BrowserWindow before app is ready'));
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
  minimize() {
    this.minimized = true;
    this.emit('minimize');
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
  /** What the next page loads fail with, one error per load (Chromium's `ERR_ABORTED (-3) loading '…'`, say). */
  static loadErrors: Error[] = [];
  loads: string[] = [];
  loadURL(url: string) {
    this.loads.push(url);
    const error = BrowserWindow.loadErrors.shift();
    if (error) return Promise.reject(error);
    this.loaded = url;
    return this.webContents.loadURL(url);
  }
  /** The user (or a quit) closes the window: listeners may prevent it. */
  close() {
    if (this.destroyed) throw new TypeError('Object has been destroyed');
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.destroyed = true;
    this.visible = false;
    this.emit('closed');
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

export class FakeSession {
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
  /** What the system's proxy settings name for an address; the double's `net.request` goes through it too. */
  proxyAnswer = 'DIRECT';
  /** A cookie the session's pages were given, for every address: `net.request` sends it only when asked to. */
  cookie: string | null = null;
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
/** `fromPartition` gives each partition one session, as Electron does (electron-updater downloads through its own). */
const partitions = new Map<string, FakeSession>();
let defaultSession = new FakeSession();
/** Electron's sessions exist once the app is ready; before, asking for one throws. */
export const session = {
  get defaultSession(): FakeSession {
    requireReady('Session can only be received when app is ready', TypeError);
    return defaultSession;
  },
  set defaultSession(value: FakeSession) {
    defaultSession = value;
  },
  fromPartition(partition: string) {
    requireReady('Session can only be received when app is ready', TypeError);
    if (!partitions.has(partition)) partitions.set(partition, new FakeSession());
    return partitions.get(partition)!;
  },
};

/** The error Electron's `loadURL` rejects with. */
function loadError(code: string, errno: number, url: string): Error {
  return Object.assign(new Error(`${code} (${errno}) loading '${url}'`), { code, errno, url });
}
