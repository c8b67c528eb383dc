import type { AccountId, AccountInfo } from '../../../shared/ipc/contract';
import type { Id } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import type { AlertChoices } from '../alerts/options';
import type { Diagnostics } from '../log/diagnostics';
import type { NotificationChoices } from '../notifications/options';
import type { OutboxChoices } from '../outbox/options';
import type { Clock, HttpTransport, Logger } from '../ports';
import type { SearchStore } from '../search/search-store';
import type { StateDamage } from '../storage/state-damage';
import type { SyncChoices } from '../sync/options';
import type { RealtimeClient } from '../sync/realtime-client';
import type { ToolkitChoices } from '../toolkit/handlers';

/**
 * How a workspace is built: each feature's choices (`<feature>/options.ts`) and what every part
 * shares. The app chooses them once for every workspace it opens (createAccounts takes them
 * without `dataDir`, which is per account).
 */
export interface WorkspaceOptions
  extends SyncChoices, OutboxChoices, NotificationChoices, AlertChoices, ToolkitChoices {
  /** Folder for this account's outbox and caches. */
  dataDir: string;
  /** Default: the system clock. */
  clock?: Clock;
  /** The network; a transport passed in belongs to the caller, who closes it. */
  transport?: HttpTransport;
  /** Jitter of the retries' waits, 0..1 (default Math.random; tests fix it). */
  random?: () => number;
  /** Where damaged state files (outbox, inbox cache) are reported. */
  damage?: StateDamage;
  /** Collects the list items the API client leaves out, for the diagnostics view. */
  diagnostics?: Diagnostics;
  /** Perch's log (default: nothing kept); the workspace writes IDs, kinds and statuses, never text or tokens. */
  log?: Logger;
  /** Where what Perch reads and the agent sends is kept for the search, one for every account (default: not kept). */
  search?: SearchStore;
}

/** The account a workspace serves (its token stays with the API client). */
export interface WorkspaceAccount {
  id: AccountId;
  mode: AccountInfo['mode'];
  baseUrl: string;
  appId: Id;
  adminId: Id;
}

/** What createWorkspace builds for one connection; the Workspace gets it in place of the choices it fills in. */
export interface WorkspaceParts {
  api: ApiClient;
  account: WorkspaceAccount;
  clock: Clock;
  /** The server's realtime stream, when Perch should try to use it. */
  realtime?: RealtimeClient;
}

/** A Workspace's options: the app's choices with the parts built for its connection. */
export type BuiltWorkspaceOptions = Omit<WorkspaceOptions, keyof WorkspaceParts> & WorkspaceParts;
