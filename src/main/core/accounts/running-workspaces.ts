import type { DesktopHandlers } from '../desktop/desktop-handlers';
import type { SearchStore } from '../search/search-store';
import { join } from 'node:path';
import type { AccountId } from '../../../shared/accounts';
import type { Emitter } from '../../../shared/emitter';
import type { Translate } from '../../../shared/i18n';
import { inboxStatusOf } from '../../../shared/inbox-status';
import { WORKSPACE_EVENTS } from '../../../shared/ipc/channels';
import type { EventMap, InboxRange, InboxStatus, WorkspaceEvent } from '../../../shared/ipc/contract';
import type {
  BadgeIndicator,
  Clock,
  Connection,
  CredentialStore,
  DoNotDisturbReader,
  HttpTransport,
  Logger,
  ScopedLog,
  StartDemo,
  StateFile,
  StatusIndicator,
} from '../ports';
import type { AlertRecord } from '../alerts/alert-record';
import type { Diagnostics } from '../log/diagnostics';
import { errorFields, silentLogger } from '../log/logger';
import { MergedInbox, type AccountInbox } from './merged-inbox';
import type { ShownConversation } from '../attention/page-attention';
import type { SavedAccounts } from './saved-accounts';
import type { SettingsStore } from '../settings/settings';
import type { StateDamage } from '../storage/state-damage';
import type { Attention, Workspace } from '../workspace/workspace';

export interface OpenedWorkspace {
  workspace: Workspace;
  close(): Promise<void>;
}

/** What each account's workspace gets of its own: its label for notifications and its live updates switch. */
export interface AccountHooks {
  accountLabel: () => string | null;
  /** The account's live updates switch as saved: off, its workspace opens no realtime connection. */
  liveUpdates: boolean;
}

/** Builds (not starts) the workspace of a connection, with its data in `dataDir`. */
export type OpenWorkspace = (connection: Connection, dataDir: string, hooks: AccountHooks) => OpenedWorkspace;

export interface AccountsDeps {
  credentials: CredentialStore;
  /** The saved accounts (account.json in the user data folder). */
  file: StateFile<SavedAccounts>;
  /** The root of per-account data; each account gets its own folder below it, named by its ID. */
  dataDir: string;
  /** Starts the embedded demo server; its state lives in `dataDir`. */
  startDemo: StartDemo;
  openWorkspace: OpenWorkspace;
  /** The network for connection checks. */
  transport: HttpTransport;
  /** A plain-file store, used only when nothing secure exists and the agent said yes to it. */
  plainStore?: () => CredentialStore;
  /** The agent's settings, shown and changed on the settings screen. */
  settings: SettingsStore;
  /** Damaged state files found in this run: shown in the window until dismissed. */
  damage: StateDamage;
  clock?: Clock;
  /** What the API client left out of lists, shown in the diagnostics view. */
  diagnostics?: Diagnostics;
  /** The tray: one count over every account. */
  indicator?: StatusIndicator;
  /** The agent's language, for default account labels. */
  translate?: () => Translate;
  /** Perch's log (default: nothing kept). */
  log?: Logger;
  /** The app's badge: what each account notifies about, a dot for the rest, a mark for a reconnect. */
  badge?: BadgeIndicator;
  /** The OS's Do Not Disturb, where the host can read it. */
  doNotDisturb?: DoNotDisturbReader;
  /** Where the workspaces record each decision about a visitor message. */
  alertRecord?: AlertRecord;
  /** The host's updates and network (default: none, Node's network). */
  desktop?: DesktopHandlers;
  /** What Perch has read, for the search (`search:text`); an account signed out is forgotten there. */
  search?: SearchStore;
}

export interface RunningWorkspace extends OpenedWorkspace {
  connection: Connection;
  stopServer?: () => Promise<void>;
  unsubscribe: (() => void)[];
  /** The server refused the token: the account waits for a reconnect. */
  refused: boolean;
  /** How its inbox stands, as its last change said. */
  status: InboxStatus;
}

const WORKSPACE_EVENT_NAMES = Object.keys(WORKSPACE_EVENTS) as WorkspaceEvent[];

/** The workspaces running now, one per account, and what they share: attention, events, the tray. */
export class RunningWorkspaces {
  private readonly byId = new Map<AccountId, RunningWorkspace>();
  /** Focus, idle, power: kept here so a workspace built later starts from what is true now. */
  private attention: Partial<Attention> = {};
  /** The conversation open in the page in front of the agent, for a workspace (re)built while it shows. */
  private shown: ShownConversation | null = null;
  private readonly merged = new MergedInbox();
  private readonly log: ScopedLog;

  constructor(
    private readonly deps: AccountsDeps,
    private readonly events: Emitter<EventMap>,
    private readonly hooks: {
      labelOf(id: AccountId): string;
      liveUpdatesOf(id: AccountId): boolean;
      refused(): void;
      /** An account's inbox status changed, or an account left: the tray shows the accounts anew. */
      statusChanged(): void;
    },
  ) {
    this.log = (deps.log ?? silentLogger).scope('accounts');
  }

  get(accountId: AccountId): RunningWorkspace | undefined {
    return this.byId.get(accountId);
  }

  list(): RunningWorkspace[] {
    return [...this.byId.values()];
  }

  /** Accounts before the demo, in the order they were opened. */
  first(): RunningWorkspace | undefined {
    return this.list().find((r) => r.connection.mode === 'account') ?? this.list()[0];
  }

  async openDemo(): Promise<void> {
    const demo = await this.deps.startDemo(join(this.deps.dataDir, 'demo'));
    await this.open(demo.connection, demo.stop);
  }

  /** Builds and starts an account's workspace, in place of one it had. */
  async open(connection: Connection, stopServer?: () => Promise<void>): Promise<void> {
    await this.close(connection.id);
    const id = connection.id;
    const status: InboxStatus = {
      totals: { all: 0, mine: 0, unassigned: 0 },
      health: 'starting',
      progress: { loaded: 0, done: false },
    };
    const opened = this.deps.openWorkspace(connection, join(this.deps.dataDir, id), {
      // Beside other accounts, notifications say which one they are from.
      accountLabel: () => (this.byId.size > 1 ? this.hooks.labelOf(id) : null),
      liveUpdates: this.hooks.liveUpdatesOf(id),
    });
    const { workspace } = opened;
    const running: RunningWorkspace = { ...opened, connection, stopServer, unsubscribe: [], refused: false, status };
    running.unsubscribe = WORKSPACE_EVENT_NAMES.map((event) =>
      workspace.events.on(event, (value) => this.events.emit(event, { accountId: id, value } as never)),
    );
    running.unsubscribe.push(
      // The one report of an account's state: its status here, then the tray from every account's.
      workspace.inbox.events.on('change', (change) => {
        running.status = inboxStatusOf(change);
        this.merged.invalidate();
        this.hooks.statusChanged();
      }),
      // Any refusal counts: the sync's poll, a write in the outbox, or a call the agent made.
      workspace.inbox.events.on('health', (health) => {
        if (health === 'signed-out') this.refuse(id);
      }),
      workspace.outbox.events.on('signed-out', () => this.refuse(id)),
    );
    this.byId.set(id, running);
    this.merged.invalidate();
    workspace.setAttention(this.attention);
    workspace.setShown(this.shown);
    try {
      await workspace.start();
    } catch (error) {
      await this.close(id).catch(() => {});
      throw error;
    }
  }

  async close(accountId: AccountId): Promise<void> {
    const running = this.byId.get(accountId);
    if (!running) return;
    this.byId.delete(accountId);
    this.merged.invalidate();
    for (const off of running.unsubscribe) off();
    // The tray forgets the account's count and the demo server stops, whatever the workspace's own stop does.
    this.hooks.statusChanged();
    try {
      await running.close();
    } finally {
      await running.stopServer?.();
    }
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.byId.keys()])
      await this.close(id).catch((error: unknown) =>
        this.log.error('did not stop cleanly', { account: id, ...errorFields(error) }),
      );
  }

  /** A call the agent made was refused for the token: the account waits for a reconnect. */
  refuse(accountId: AccountId): void {
    const running = this.byId.get(accountId);
    if (!running || running.connection.mode !== 'account' || running.refused) return;
    running.refused = true;
    this.log.warn('the server refused the token; waiting for a reconnect', { account: accountId });
    this.hooks.refused();
  }

  setAttention(change: Partial<Attention>): void {
    this.attention = { ...this.attention, ...change };
    for (const running of this.byId.values()) running.workspace.setAttention(change);
  }

  setShown(shown: ShownConversation | null): void {
    this.shown = shown;
    for (const running of this.byId.values()) running.workspace.setShown(shown);
  }

  /** Every account's inbox merged, for `inbox:get`. */
  page(range?: InboxRange) {
    return this.merged.page(this.inboxes(), range);
  }

  /** How each running account's inbox stands, as its last change said. */
  statuses(): Record<AccountId, InboxStatus> {
    return Object.fromEntries(this.list().map((r) => [r.connection.id, r.status]));
  }

  inboxes(): AccountInbox[] {
    return this.list().map((r) => ({
      accountId: r.connection.id,
      adminId: r.connection.adminId,
      snapshot: r.workspace.sortedInbox(),
    }));
  }
}
