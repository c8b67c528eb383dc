/** The Electron double's tray, menus and system notifications. */
import { EventEmitter } from 'node:events';
import { calls, type FakeImage } from './electron-double-calls';

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
