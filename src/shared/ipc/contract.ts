import type { z } from 'zod';
import { EVENTS, INVOKE } from './channels';
import type { IpcResult } from './types';

/**
 * The one contract between Perch's main side and its renderer. The Electron preload carries
 * it over ipcRenderer; the browser host carries it over a WebSocket. Every channel is
 * declared once, in ./channels: its argument schema (checked on the main side before any
 * handler runs) and its result. Everything here is derived from those declarations.
 */

export * from './types';

export type InvokeChannel = keyof typeof INVOKE;
export type EventChannel = keyof typeof EVENTS;
export type InvokeArgs<C extends InvokeChannel> = z.output<(typeof INVOKE)[C]['args']>;
export type InvokeResult<C extends InvokeChannel> = z.output<(typeof INVOKE)[C]['result']>;
export type InvokeMap = { [C in InvokeChannel]: { args: InvokeArgs<C>; result: InvokeResult<C> } };
export type EventMap = { [E in EventChannel]: z.output<(typeof EVENTS)[E]> };
export type EventPayload<E extends EventChannel> = EventMap[E];

/** What the renderer sees as `window.perch`, whichever transport is underneath. */
export interface PerchBridge {
  invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<IpcResult<InvokeResult<C>>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Every invoke channel and every event: the lists the preload and main accept. */
export const INVOKE_CHANNELS = Object.keys(INVOKE) as InvokeChannel[];
export const EVENT_CHANNELS = Object.keys(EVENTS) as EventChannel[];

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && Object.hasOwn(INVOKE, value);
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && Object.hasOwn(EVENTS, value);
}

/** Channel names on the wire are namespaced so nothing else on ipcMain can collide. */
export const wireName = (channel: InvokeChannel | EventChannel): string => `perch:${channel}`;
