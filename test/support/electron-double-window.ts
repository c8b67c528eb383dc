/** The Electron double's windows: BrowserWindow with its webContents and session, and ipcMain. */
import { EventEmitter } from 'node:events';
import type { FakeImage } from './electron-double-calls';

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
  /** What the next page loads fail with, one error per load (Chromium's `ERR_ABORTED (-3) loading '…'`, say). */
  static loadErrors: Error[] = [];
  loads: string[] = [];
  loadURL(url: string) {
    this.loads.push(url);
    const error = BrowserWindow.loadErrors.shift();
    if (error) return Promise.reject(error);
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
export const session = {
  defaultSession: new FakeSession(),
  fromPartition(partition: string) {
    if (!partitions.has(partition)) partitions.set(partition, new FakeSession());
    return partitions.get(partition)!;
  },
};
