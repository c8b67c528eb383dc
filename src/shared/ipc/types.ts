import type { ConversationPart, Id, QuickReplyAction } from '../api/types';
import type { InboxRow, SyncHealth, SyncTrouble, UnreadTotals, ViewSizes } from '../inbox';
import type { AttachmentDraft } from '../attachments';
import type { AccountColor, AccountId } from '../accounts';
import type { RealtimeStatus } from '../realtime';
import type { SyncFreshness } from '../freshness';

export type { AccountColor, AccountId };

/** The data the IPC contract carries between main and the renderer (the channels are in ./channels). */

/**
 * Whether an account's workspace runs: `connected` syncs; `refused` had its token refused and
 * `no-token` has none in the keychain (both wait for the agent to reconnect); `insecure` was
 * saved with a plain-http address, which Perch no longer sends a token to.
 */
export type AccountStatus = 'connected' | 'refused' | 'no-token' | 'insecure';

/** One account Perch holds: the demo or an application of the platform. */
export interface AccountInfo {
  id: AccountId;
  mode: 'sandbox' | 'account';
  baseUrl: string;
  appId: Id;
  adminId: Id;
  /** The short name each row and notification of the account carries; the agent can change it. */
  label: string;
  color: AccountColor;
  status: AccountStatus;
  /** The agent's switch: changes arrive at once (realtime), or Perch only checks every few seconds. */
  liveUpdates: boolean;
}

/** What the agent can change about an account: its look, and whether updates come live. */
export interface AccountChange {
  label?: string;
  color?: AccountColor;
  liveUpdates?: boolean;
}

/** A row of the inbox with the account it belongs to: IDs are only unique within an account. */
export interface AccountRow extends InboxRow {
  accountId: AccountId;
}

/** An event of one account's workspace, named by its account. */
export interface AccountEvent<T> {
  accountId: AccountId;
  value: T;
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
  /** The demo stays beside the new account (it goes by default, as the agent is now set up for real). */
  keepDemo?: boolean;
}

/** Where a saved account's token is kept: OS keychain, OS-encrypted file, plain file (consented), this run's memory, nowhere. */
export type TokenStorage = 'keychain' | 'encrypted' | 'plain' | 'memory' | 'none';

/** The accounts Perch holds, and what the connect screen needs to know. */
export interface AccountsState {
  /** In the order they were added, the demo last; those not `connected` wait for a reconnect. */
  accounts: AccountInfo[];
  /** False until the agent chose between the demo and an account on first run (or after the last sign-out). */
  welcomed: boolean;
  tokenStorage: TokenStorage;
  /** State files found damaged at start and moved aside, until the agent dismisses the notice. */
  damaged: DamagedStateFile[];
}

/** Which of Perch's files on disk: each has its own sentence in the catalog. */
export type StateFileKind =
  'demo' | 'outbox' | 'inbox-cache' | 'account' | 'settings' | 'credentials' | 'snoozes' | 'search';

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
export type ConnectFailure =
  | 'invalid-url'
  | 'insecure-url'
  | 'unreachable'
  | 'not-api'
  | 'wrong-token'
  | 'wrong-app'
  | 'missing-scopes'
  | 'server'
  | 'no-secure-storage'
  | 'app-unknown'
  | 'choose-admin'
  | 'unknown-admin'
  // The network in between (src/main/core/network/network-problem.ts).
  | 'tls-untrusted'
  | 'tls-expired'
  | 'tls-wrong-host'
  | 'proxy';

/** An administrator of the application, as Perch found them (channel operators, assignees). */
export interface AdminChoice {
  id: Id;
  name: string;
}

export type ConnectResult =
  | { ok: true; accountsState: AccountsState; missingOptional: string[] }
  | { ok: false; failure: ConnectFailure; missing: string[]; detail: string; admins?: AdminChoice[] };

/** How far the first full read of the inbox has come. */
export interface SyncProgress {
  loaded: number;
  done: boolean;
}

/** How one account's inbox stands. */
export interface InboxStatus {
  totals: UnreadTotals;
  health: SyncHealth;
  progress: SyncProgress;
  /** Set while the account cannot sync: since when, and when Perch tries again. */
  trouble?: SyncTrouble | null;
  /** How the account hears of changes besides polling (docs/realtime.md). */
  realtime?: RealtimeStatus;
  /** When it last heard a good answer, and when that turns stale (src/shared/freshness.ts). */
  freshness?: SyncFreshness;
}

export interface InboxSnapshot extends InboxStatus {
  rows: InboxRow[];
}

/** A stretch of the inbox in its order (newest first): the first screen, then the rest in chunks. */
export interface InboxRange {
  offset: number;
  limit: number;
}

/** The most rows one `inbox:get` carries. */
export const INBOX_RANGE_MAX = 5000;

/**
 * What `inbox:get` answers: the rows asked for of every account's inbox merged, the size of the
 * whole and of each view, and how each account's inbox stands (its counts, health and progress).
 */
export interface InboxPage {
  rows: AccountRow[];
  total: number;
  sizes: ViewSizes;
  accounts: Record<AccountId, InboxStatus>;
}

export interface InboxChange {
  upserted: InboxRow[];
  removed: Id[];
  totals: UnreadTotals;
  health: SyncHealth;
  progress: SyncProgress;
  trouble?: SyncTrouble | null;
  realtime?: RealtimeStatus;
  freshness?: SyncFreshness;
}

export interface ConversationDetail {
  row: InboxRow;
  parts: ConversationPart[];
  /** Whether older parts exist before the first one given. */
  hasOlder: boolean;
}

export type IpcErrorCode =
  | 'invalid-arguments'
  | 'forbidden'
  | 'not-found'
  | 'api'
  | 'offline'
  | 'signed-out'
  /** The change could not be saved on this computer (a full disk), so it was not made. */
  | 'not-saved'
  | 'internal';
export interface IpcError {
  code: IpcErrorCode;
  message: string;
}
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export interface ReplyDraft {
  conversationId: Id;
  body: string;
  kind: 'reply' | 'note';
  /** Quick-reply buttons shown with a reply (not with notes). */
  actions?: QuickReplyAction[];
  /** One file sent with the reply or note; the body may then be empty. */
  attachment?: AttachmentDraft;
}
