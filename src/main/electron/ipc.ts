import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import {
  INVOKE_CHANNELS,
  wireName,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
} from '../../shared/ipc/contract';
import { dispatchInvoke, type ContractHandlers } from '../core/contract-dispatch';
import { isAppUrl } from './window-options';

/**
 * The one way handlers are registered: the sender must be our window's main frame showing
 * our own page, and the arguments must pass the channel's schema (in dispatchInvoke).
 */
export function handle(
  handlers: ContractHandlers,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
  channels: readonly InvokeChannel[] = INVOKE_CHANNELS,
): void {
  for (const channel of channels) {
    ipcMain.handle(wireName(channel), (event, ...args: unknown[]) => {
      if (!isTrusted(event))
        return { ok: false, error: { code: 'forbidden', message: 'This sender may not call Perch' } };
      return dispatchInvoke(handlers, channel, args);
    });
  }
}

export function trustedSender(window: BrowserWindow, devServerUrl?: string) {
  return (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    return (
      event.sender === window.webContents &&
      frame !== null &&
      frame === event.sender.mainFrame &&
      isAppUrl(frame.url, devServerUrl)
    );
  };
}

/**
 * Events held for a page that has not said it is ready. A page that lets more pile up (hung,
 * or loading for minutes while the inbox churns) gets none of them: they are dropped, and the
 * page is loaded anew once it says it is ready, reading everything afresh. The conversation a
 * notification asked to open is kept apart and never dropped.
 */
export const MAX_HELD_EVENTS = 10_000;

/** Main-to-renderer events, held back until the renderer has said it is ready. */
export class RendererEvents {
  private ready = false;
  private queue: [EventChannel, unknown][] = [];
  private dropped = false;
  private navigate: EventPayload<'conversation:navigate'> | null = null;

  constructor(private readonly window: BrowserWindow) {
    window.webContents.on('did-start-loading', () => {
      // The page that is starting reads everything itself: what was held for the old one is
      // older than that, except a conversation still to open.
      this.ready = false;
      this.queue = [];
      this.dropped = false;
    });
  }

  /** The page says it listens. False when it is instead being loaded anew (it missed events). */
  markReady(): boolean {
    if (this.dropped) {
      this.dropped = false;
      this.queue = [];
      if (!this.window.isDestroyed()) this.window.webContents.reload();
      return false;
    }
    this.ready = true;
    for (const [event, payload] of this.queue.splice(0)) this.deliver(event, payload);
    if (this.navigate) this.deliver('conversation:navigate', this.navigate);
    this.navigate = null;
    return true;
  }

  send<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    if (this.ready) return this.deliver(event, payload);
    if (event === 'conversation:navigate') {
      this.navigate = payload as EventPayload<'conversation:navigate'>;
      return;
    }
    if (this.dropped) return;
    this.queue.push([event, payload]);
    if (this.queue.length > MAX_HELD_EVENTS) {
      this.queue = [];
      this.dropped = true;
    }
  }

  private deliver(event: EventChannel, payload: unknown): void {
    if (!this.window.isDestroyed()) this.window.webContents.send(wireName(event), payload);
  }
}
