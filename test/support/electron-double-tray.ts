/** The Electron double's tray, menus and system notifications. */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { calls, electronState, requireReady, type FakeImage } from './electron-double-calls';

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
    super(requireReady('Cannot create Tray before app is ready'));
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

/** Electron's ActivationArguments (Windows): what a toast's activation hands `Notification.handleActivation`. */
export interface ActivationDetails {
  type: 'click' | 'action' | 'reply';
  arguments: string;
  actionIndex?: number;
  reply?: string;
  userInputs?: Record<string, string>;
}

type NotificationOptions = ConstructorParameters<typeof Notification>[0];

/** Electron's docs: a notification's buttons and reply box are macOS's and Windows's; Linux (libnotify) ignores them. */
const BUTTONS_AND_REPLY = ['actions', 'hasReply', 'replyPlaceholder'] as const;

/** Keeps what the OS reads; the rest is recorded in `calls.ignoredOptions`, as Electron drops it silently. */
function withoutIgnored(options: NotificationOptions): NotificationOptions {
  if (electronState.platform !== 'linux') return options;
  const kept = { ...options };
  for (const key of BUTTONS_AND_REPLY)
    if (key in kept) {
      delete kept[key];
      calls.ignoredOptions.push(`Notification ${key} on linux`);
    }
  return kept;
}

export class Notification extends EventEmitter {
  static supported = true;
  static instances: Notification[] = [];
  /** What the OS answers to `show()`: null shows it; a text plays the `failed` event (macOS refuses an unsigned app's). */
  static failWith: string | null = null;
  private static activationHandler: ((details: ActivationDetails) => void) | null = null;
  /** An activation that came before any handler was registered: Electron keeps it for the first one. */
  private static pendingActivation: ActivationDetails | null = null;
  /** Electron's `id`: the toast's tag on Windows; a random UUID when none is given. */
  readonly id: string;
  shown = false;
  closed = false;
  /** The OS took it off the screen (a timeout): on Windows it waits in Action Center. */
  timedOut = false;
  readonly options: NotificationOptions;
  constructor(options: {
    id?: string;
    title: string;
    body: string;
    silent?: boolean;
    hasReply?: boolean;
    replyPlaceholder?: string;
    actions?: { type: 'button' | 'selection'; text?: string }[];
  }) {
    super(requireReady('Cannot create Notification before app is ready'));
    this.options = withoutIgnored(options);
    this.id = options.id || randomUUID();
    Notification.instances.push(this);
  }
  static isSupported() {
    return Notification.supported;
  }
  /** Forgets the registered activation handler and any activation waiting for one. */
  static reset() {
    Notification.activationHandler = null;
    Notification.pendingActivation = null;
  }
  /** Windows only: elsewhere Electron defines no `handleActivation`. */
  static get handleActivation(): ((callback: (details: ActivationDetails) => void) => void) | undefined {
    if (electronState.platform !== 'win32') return undefined;
    return (callback) => {
      Notification.activationHandler = callback;
      const pending = Notification.pendingActivation;
      Notification.pendingActivation = null;
      if (pending) callback(pending);
    };
  }
  /**
   * Windows activates a toast, from the banner or from Action Center, with the arguments
   * Electron wrote into it (`type=action&action=0&tag=<id>`, `type=reply&tag=<id>`; a click on
   * the body carries none): the `handleActivation` callback hears it (or it waits for one), and
   * the notification with that tag, while Electron still has it, emits its own event too.
   */
  static activate(details: Partial<ActivationDetails> & { type: ActivationDetails['type'] }) {
    const full: ActivationDetails = { arguments: '', userInputs: {}, ...details };
    if (Notification.activationHandler) Notification.activationHandler(full);
    else Notification.pendingActivation = full;
    const tag = /(?:^|&)tag=([^&]*)/.exec(full.arguments)?.[1];
    const target = tag ? Notification.instances.find((n) => n.id === tag && !n.closed) : undefined;
    if (!target) return;
    if (full.type === 'action')
      target.emit('action', { actionIndex: full.actionIndex, selectionIndex: -1 }, full.actionIndex);
    else if (full.type === 'reply') target.emit('reply', { reply: full.reply ?? '' }, full.reply ?? '');
    else target.emit('click', {});
  }
  show() {
    this.shown = true;
    const error = Notification.failWith;
    if (error) setImmediate(() => this.emit('failed', {}, error));
  }
  /**
   * The OS's timeout: on Windows the toast leaves the screen for Action Center and `close`
   * fires with the reason `timedOut`; on Linux the server closes it; macOS says nothing.
   */
  timeOut() {
    this.timedOut = true;
    if (electronState.platform === 'win32') this.emit('close', { reason: 'timedOut' });
    else if (electronState.platform === 'linux') this.emit('close', {});
  }
  close() {
    this.closed = true;
    this.emit('close', electronState.platform === 'win32' ? { reason: 'applicationHidden' } : {});
  }
}
