import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import {
  INVOKE_CHANNELS,
  wireName,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
} from '../../shared/ipc/contract';
import { dispatchInvoke, type ContractHandlers } from '../core/contract/contract-dispatch';
import type { ScopedLog } from '../core/ports';
import { HeldEvents } from '../core/contract/held-events';
import { isAppUrl } from './window-options';

/**
 * The one way handlers are registered: the sender must be our window's main frame showing
 * our own page, and the arguments must pass the channel's schema (in dispatchInvoke).
 */
export function handle(
  handlers: ContractHandlers,
  isTrusted: (event: IpcMainInvokeEvent) => boolean,
  channels: readonly InvokeChannel[] = INVOKE_CHANNELS,
  log?: ScopedLog,
): void {
  for (const channel of channels) {
    ipcMain.handle(wireName(channel), (event, ...args: unknown[]) => {
      if (!isTrusted(event))
        return { ok: false, error: { code: 'forbidden', message: 'This sender may not call Perch' } };
      return dispatchInvoke(handlers, channel, args, log);
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

/** Main-to-renderer events of the window, held back until its page has said it is ready (core/contract/held-events.ts). */
export class RendererEvents {
  private readonly held: HeldEvents;

  constructor(private readonly window: BrowserWindow) {
    this.held = new HeldEvents({
      deliver: (event, payload) => {
        if (!window.isDestroyed()) window.webContents.send(wireName(event), payload);
      },
      reload: () => {
        if (!window.isDestroyed()) window.webContents.reload();
      },
    });
    window.webContents.on('did-start-loading', () => this.held.pageStarted());
  }

  markReady(): boolean {
    return this.held.markReady();
  }

  send<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    this.held.send(event, payload);
  }
}
