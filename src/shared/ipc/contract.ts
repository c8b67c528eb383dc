import type { ConversationPart, Id, QuickReplyAction } from '../api/types';
import type { InboxRow, SyncHealth, UnreadTotals, ViewSizes } from '../inbox';
import type { ChannelSummary, LeadQuery, LeadRow, PropEdit, PropsOutcome, VisitorProfile, VisitorRow } from '../directory';
import type { AttachmentDraft } from '../attachments';
import type { OutboxItem } from '../outbox';
import type { AgentSettings, AgentSettingsChange } from '../settings';
import type { ConversationDraft } from '../drafts';
import type { DiagnosticsReport } from '../diagnostics';

/**
 * The one contract between Perch's main side and its renderer. The Electron preload carries
 * it over ipcRenderer; the browser host carries it over a WebSocket. Arguments are checked
 * against `invokeArgs` (./schemas) on the main side before any handler runs.
 */

export interface AccountInfo {
  mode: 'sandbox' | 'account';
  baseUrl: string;
  appId: Id;
  adminId: Id;
}

/** What the agent types to connect an account. The token travels to main once and is kept there. */
export interface AccountForm {
  baseUrl: string;
  /** Optional: the token names its application; typed, it must be the token's. */
  appId?: Id;
  /**
   * The agent's own administrator ID: "Mine", "Assign to me" and the sender of replies. Left
   * out, the check answers with the application's administrators to pick from.
   */
  adminId?: Id;
  /** The agent keeps an ID Perch did not find among the application's administrators. */
  adminUnlisted?: true;
  token: string;
  /** The agent accepts a plain file for the token, asked only when this computer has no secure store. */
  allowPlainToken?: boolean;
}

/** Where a saved account's token is kept: OS keychain, OS-encrypted file, plain file (consented), this run's memory, nowhere. */
export type TokenStorage = 'keychain' | 'encrypted' | 'plain' | 'memory' | 'none';

/** Which workspace is shown, and what the connect screen needs to know. */
export interface SessionState {
  account: AccountInfo;
  /** False until the agent chose between the demo and an account on first run (or after sign-out). */
  welcomed: boolean;
  tokenStorage: TokenStorage;
  /** A saved account whose token is missing or was refused: the connect form offers it again. */
  reconnect: { baseUrl: string; appId: Id; adminId: Id } | null;
  /** State files found damaged at start and moved aside, until the agent dismisses the notice. */
  damaged: DamagedStateFile[];
}

/** Which of Perch's files on disk: each has its own sentence in the catalog. */
export type StateFileKind = 'demo' | 'outbox' | 'inbox-cache' | 'account' | 'settings' | 'credentials';

/** A state file that could not be read as it was: what was kept and where the damaged copy is. */
export interface DamagedStateFile {
  file: StateFileKind;
  /** The damaged copy on disk; null when it could not be moved. */
  movedTo: string | null;
  /** For the list of unsent writes: how many were kept of how many found (null: none could be read). */
  kept: number | null;
  total: number | null;
}

/** Why a connection attempt failed, each with its own message in the catalog. */
export type ConnectFailure = 'invalid-url' | 'insecure-url' | 'unreachable' | 'not-api' | 'wrong-token' | 'wrong-app' | 'missing-scopes' | 'server' | 'no-secure-storage' | 'app-unknown' | 'choose-admin' | 'unknown-admin';

/** An administrator of the application, as Perch found them (channel operators, assignees). */
export interface AdminChoice {
  id: Id;
  name: string;
}

export type ConnectResult =
  | { ok: true; session: SessionState; missingOptional: string[] }
  | { ok: false; failure: ConnectFailure; missing: string[]; detail: string; admins?: AdminChoice[] };

/** How far the first full read of the inbox has come. */
export interface SyncProgress {
  loaded: number;
  done: boolean;
}

export interface InboxSnapshot {
  rows: InboxRow[];
  totals: UnreadTotals;
  health: SyncHealth;
  progress: SyncProgress;
}

/** A stretch of the inbox in its order (newest first): the first screen, then the rest in chunks. */
export interface InboxRange {
  offset: number;
  limit: number;
}

/** The most rows one `inbox:get` carries. */
export const INBOX_RANGE_MAX = 5000;

/** What `inbox:get` answers: the rows asked for, and the size of the whole inbox and of each view. */
export interface InboxPage extends InboxSnapshot {
  total: number;
  sizes: ViewSizes;
}

export interface InboxChange {
  upserted: InboxRow[];
  removed: Id[];
  totals: UnreadTotals;
  health: SyncHealth;
  progress: SyncProgress;
}

export interface ConversationDetail {
  row: InboxRow;
  parts: ConversationPart[];
  /** Whether older parts exist before the first one given. */
  hasOlder: boolean;
}

export interface InvokeMap {
  'app:ready': { args: []; result: SessionState };
  /** Keep the demo workspace: ends the first-run choice. */
  'session:demo': { args: []; result: SessionState };
  /** Tests the account, saves the token in the keychain and switches to it; nothing is saved on failure. */
  'session:connect': { args: [form: AccountForm]; result: ConnectResult };
  /** Forgets the account's token and cache and returns to the demo with the first-run choice. */
  'session:sign-out': { args: []; result: SessionState };
  /** The agent has read the notice about damaged files: it goes away. */
  'session:dismiss-damage': { args: []; result: SessionState };
  'settings:get': { args: []; result: AgentSettings };
  'settings:update': { args: [change: AgentSettingsChange]; result: AgentSettings };
  /** The inbox newest first: all of it, or the range asked for (the first screen comes first). */
  'inbox:get': { args: [range?: InboxRange]; result: InboxPage };
  /** The rows on the agent's screen now: Perch re-reads them first for changes no poll sees. */
  'inbox:viewing': { args: [conversationIds: Id[]]; result: null };
  'conversation:open': { args: [conversationId: Id]; result: ConversationDetail };
  'conversation:leave': { args: []; result: null };
  /** Parts older than a given one, oldest first. */
  'conversation:older': { args: [conversationId: Id, beforePartId: Id]; result: { parts: ConversationPart[]; hasOlder: boolean } };
  /** Writes go through the outbox: the result is the queued item, its outcome comes as events. */
  'conversation:reply': { args: [request: ReplyDraft]; result: OutboxItem };
  'conversation:assign': { args: [conversationId: Id, adminId: Id | null]; result: OutboxItem };
  'conversation:close': { args: [conversationId: Id]; result: OutboxItem };
  /** Counts conversations as seen by this agent (read state is Perch's own: the API's markread is the visitor's side). */
  'conversation:mark-read': { args: [conversationIds: Id[]]; result: null };
  'conversation:tag': { args: [conversationId: Id, tag: string, op: 'add' | 'delete']; result: OutboxItem };
  'outbox:list': { args: []; result: OutboxItem[] };
  'outbox:retry': { args: [itemId: string]; result: boolean };
  'outbox:discard': { args: [itemId: string]; result: boolean };
  'channels:get': { args: []; result: ChannelSummary[] };
  /** Live visitors are polled only while watched; the result is the current list. */
  'visitors:watch': { args: [on: boolean]; result: VisitorRow[] };
  'leads:page': { args: [query: LeadQuery]; result: { total: number; rows: LeadRow[] } };
  'visitor:get': { args: [userId: Id]; result: VisitorProfile };
  /** Edits properties through the props endpoint; ignored operations come back with their reasons. */
  'visitor:edit-props': { args: [userId: Id, edits: PropEdit[]]; result: PropsOutcome };
  'visitor:unsubscribe': { args: [userId: Id]; result: VisitorProfile };
  /** The visitor's latest conversations, newest first, as inbox rows. */
  'visitor:conversations': { args: [userId: Id]; result: InboxRow[] };
  /** Starts a conversation from the admin side (sendmessage); returns its ID. */
  'visitor:message': { args: [userId: Id, body: string]; result: Id };
  /** The agent is typing (throttled here and in the core); the visitor sees it. */
  'conversation:set-typing': { args: [conversationId: Id, text: string]; result: null };
  'link:open': { args: [url: string]; result: null };
  /** The unsent reply and note of a conversation, kept by main across switches and restarts. */
  'draft:get': { args: [conversationId: Id]; result: ConversationDraft };
  'draft:set': { args: [conversationId: Id, draft: ConversationDraft]; result: null };
  /** What Perch left out of the server's lists and why, for the agent to copy (no token, no contents). */
  'diagnostics:get': { args: []; result: DiagnosticsReport };
}

export interface EventMap {
  'session:changed': SessionState;
  /** Settings changed here or elsewhere (the tray menu pauses notifications too). */
  'settings:changed': AgentSettings;
  'inbox:changed': InboxChange;
  'conversation:parts': { conversationId: Id; parts: ConversationPart[] };
  'conversation:navigate': { conversationId: Id };
  'outbox:changed': OutboxItem[];
  /** Someone is typing in a conversation: the visitor, or another administrator. */
  'conversation:typing': { conversationId: Id; from: 'user' | 'admin'; adminId: Id | null; body: string };
  'channels:changed': ChannelSummary[];
  'visitors:changed': VisitorRow[];
}

export type InvokeChannel = keyof InvokeMap;
export type EventChannel = keyof EventMap;
export type InvokeArgs<C extends InvokeChannel> = InvokeMap[C]['args'];
export type InvokeResult<C extends InvokeChannel> = InvokeMap[C]['result'];
export type EventPayload<E extends EventChannel> = EventMap[E];

export type IpcErrorCode = 'invalid-arguments' | 'forbidden' | 'not-found' | 'api' | 'offline' | 'signed-out' | 'internal';
export interface IpcError {
  code: IpcErrorCode;
  message: string;
}
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** What the renderer sees as `window.perch`, whichever transport is underneath. */
export interface PerchBridge {
  invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<IpcResult<InvokeResult<C>>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export interface ReplyDraft {
  conversationId: Id;
  body: string;
  kind: 'reply' | 'note';
  /** Quick-reply buttons shown with a reply (not with notes). */
  actions?: QuickReplyAction[];
  /** One file sent with the reply or note; the body may then be empty. */
  attachment?: AttachmentDraft;
}

/** Every invoke channel, in one list the preload can check without any schema library. */
export const INVOKE_CHANNELS = [
  'app:ready',
  'session:demo',
  'session:connect',
  'session:sign-out',
  'session:dismiss-damage',
  'settings:get',
  'settings:update',
  'inbox:get',
  'inbox:viewing',
  'conversation:open',
  'conversation:leave',
  'conversation:older',
  'conversation:reply',
  'conversation:assign',
  'conversation:close',
  'conversation:mark-read',
  'conversation:tag',
  'outbox:list',
  'outbox:retry',
  'outbox:discard',
  'channels:get',
  'visitors:watch',
  'leads:page',
  'visitor:get',
  'visitor:edit-props',
  'visitor:unsubscribe',
  'visitor:conversations',
  'visitor:message',
  'conversation:set-typing',
  'link:open',
  'draft:get',
  'draft:set',
  'diagnostics:get',
] as const satisfies readonly InvokeChannel[];
export const EVENT_CHANNELS = ['session:changed', 'settings:changed', 'inbox:changed', 'conversation:parts', 'conversation:navigate', 'outbox:changed', 'conversation:typing', 'channels:changed', 'visitors:changed'] as const satisfies readonly EventChannel[];

// Compile-time proof that the lists name every channel of the maps above.
type Exhaustive<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
export const invokeListComplete: Exhaustive<InvokeChannel, (typeof INVOKE_CHANNELS)[number]> = true;
export const eventListComplete: Exhaustive<EventChannel, (typeof EVENT_CHANNELS)[number]> = true;

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && (INVOKE_CHANNELS as readonly string[]).includes(value);
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && (EVENT_CHANNELS as readonly string[]).includes(value);
}

/** Channel names on the wire are namespaced so nothing else on ipcMain can collide. */
export const wireName = (channel: InvokeChannel | EventChannel): string => `perch:${channel}`;
