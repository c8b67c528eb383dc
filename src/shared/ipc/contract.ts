import type { z } from 'zod';
import type { AccountId } from '../accounts';
import { EVENTS, INVOKE, ACCOUNT_INVOKE, WORKSPACE_EVENTS, WORKSPACE_INVOKE } from './channels';
import type { AccountEvent, IpcResult } from './types';

/**
 * The one contract between Perch's main side and its renderer. The Electron preload carries
 * it over ipcRenderer; the browser host carries it over a WebSocket. Every channel is
 * declared once, in ./channels: its argument schema (checked on the main side before any
 * handler runs) and its result. Everything here is derived from those declarations.
 */

export * from './types';

export type InvokeChannel = keyof typeof INVOKE;
export type EventChannel = keyof typeof EVENTS;
/** Channels answered by one account's workspace: their calls name the account first. */
export type WorkspaceChannel = keyof typeof WORKSPACE_INVOKE;
export type SessionChannel = keyof typeof ACCOUNT_INVOKE;
export type WorkspaceEvent = keyof typeof WORKSPACE_EVENTS;
/** A channel's arguments as its handler in a workspace takes them (without the account). */
export type DeclaredArgs<C extends InvokeChannel> = z.output<(typeof INVOKE)[C]['args']>;
/** A channel's arguments as the renderer passes them: a workspace channel's start with the account. */
export type InvokeArgs<C extends InvokeChannel> = C extends WorkspaceChannel
  ? [accountId: AccountId, ...DeclaredArgs<C>]
  : DeclaredArgs<C>;
export type InvokeResult<C extends InvokeChannel> = z.output<(typeof INVOKE)[C]['result']>;
export type InvokeMap = { [C in InvokeChannel]: { args: InvokeArgs<C>; result: InvokeResult<C> } };
/** An event as a workspace emits it. */
export type DeclaredPayload<E extends EventChannel> = z.output<(typeof EVENTS)[E]>;
/** An event as the renderer receives it: a workspace's event names its account. */
export type EventMap = {
  [E in EventChannel]: E extends WorkspaceEvent ? AccountEvent<DeclaredPayload<E>> : DeclaredPayload<E>;
};
export type EventPayload<E extends EventChannel> = EventMap[E];
/** The events one account's workspace emits, before they are named by its account. */
export type WorkspaceEventMap = { [E in WorkspaceEvent]: DeclaredPayload<E> };

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

export function isWorkspaceChannel(channel: InvokeChannel): channel is WorkspaceChannel {
  return Object.hasOwn(WORKSPACE_INVOKE, channel);
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && Object.hasOwn(EVENTS, value);
}

/** Channel names on the wire are namespaced so nothing else on ipcMain can collide. */
export const wireName = (channel: InvokeChannel | EventChannel): string => `perch:${channel}`;
