import type { Cadence } from '../attention/cadence';
import type { Locale } from '../../../shared/i18n';
import type { AccountId, AccountInfo } from '../../../shared/ipc/contract';
import type { Id } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import type { Clock, HttpTransport, Logger, Notifier, ProxyRoute } from '../ports';
import type { AlertRecord } from '../alerts/alert-record';
import type { Diagnostics } from '../log/diagnostics';
import type { AlertLadder } from '../alerts/alert-ladder';
import type { AlertSettings } from '../../../shared/alerts';
import type { NotificationSettings } from '../notifications/policy';
import type { StateDamage } from '../storage/state-damage';
import type { RealtimeClient } from '../sync/realtime-client';
import type { SearchStore } from '../search/search-store';

/**
 * How a workspace is built: the one list of its options. The app chooses them once for every
 * workspace it opens (createAccounts takes them without `dataDir`, which is per account).
 */
export interface WorkspaceOptions {
  notifier: Notifier;
  /** Folder for this account's outbox and caches. */
  dataDir: string;
  openExternal(url: string): Promise<void>;
  /** Default: the system clock. */
  clock?: Clock;
  /** The network; a transport passed in belongs to the caller, who closes it. */
  transport?: HttpTransport;
  /** The proxy the system names for an address, with its sign-in: the realtime WebSocket tunnels through it. */
  proxy?: ProxyRoute;
  inboxIntervalMs?: number;
  /** Poll intervals by attention (CADENCE_MS; tests shrink them). */
  cadence?: Cadence;
  /** Jitter of the retries' waits, 0..1 (default Math.random; tests fix it). */
  random?: () => number;
  partsIntervalMs?: number;
  /** How long a close, an assign away or a tag removal waits with Undo before it is sent (default UNDO_WINDOW_MS, 5 s). */
  undoWindowMs?: number;
  /** Undo send: how long a reply waits with Undo, read at each reply (default none: sent at once). */
  undoSendMs?: () => number;
  /** The language of notifications, read at each one so a change in settings applies at once. */
  locale?: () => Locale;
  /** Read at each decision, so a settings change applies at once. */
  notificationSettings?: () => NotificationSettings;
  /** Perch's sounds and the escalation, one for every account; without it the OS's notification sound alone. */
  alerts?: AlertLadder;
  /** The sounds, volume and escalation chosen in settings, read at each step. */
  alertSettings?: () => AlertSettings;
  /** The account's label, read at each notification: shown while other accounts are beside it (else null). */
  accountLabel?: () => string | null;
  /** Use the server's realtime stream when it offers one (default true); false: the app has none at all. */
  realtime?: boolean;
  /** The account's own switch (default on): off opens no realtime connection until switched on. */
  liveUpdates?: boolean;
  /** Conversation reads the background sweep spends per poll (tests raise it to converge quickly). */
  sweepReadsPerPoll?: number;
  /** Where damaged state files (outbox, inbox cache) are reported. */
  damage?: StateDamage;
  /** Collects the list items the API client leaves out, for the diagnostics view. */
  diagnostics?: Diagnostics;
  /** Where each decision about a visitor message is recorded, for Diagnostics (default: one of its own). */
  alertRecord?: AlertRecord;
  /** Perch's log (default: nothing kept); the workspace writes IDs, kinds and statuses, never text or tokens. */
  log?: Logger;
  /** Where what Perch reads and the agent sends is kept for the search, one for every account (default: not kept). */
  search?: SearchStore;
}

/** What createWorkspace builds for one connection; the Workspace gets it in place of the choices it fills in. */
/** The account a workspace serves (its token stays with the API client). */
export interface WorkspaceAccount {
  id: AccountId;
  mode: AccountInfo['mode'];
  baseUrl: string;
  appId: Id;
  adminId: Id;
}

export interface WorkspaceParts {
  api: ApiClient;
  account: WorkspaceAccount;
  clock: Clock;
  /** The server's realtime stream, when Perch should try to use it. */
  realtime?: RealtimeClient;
}

/** A Workspace's options: the app's choices with the parts built for its connection. */
export type BuiltWorkspaceOptions = Omit<WorkspaceOptions, keyof WorkspaceParts> & WorkspaceParts;
