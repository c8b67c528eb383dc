import { createHash } from 'node:crypto';
import { z } from 'zod';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Emitter } from '../../shared/emitter';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type AccountForm,
  type ConnectResult,
  type EventMap,
  type SessionState,
} from '../../shared/ipc/contract';
import { ApiError } from './api/errors';
import type { HttpTransport } from './api/transport';
import { checkConnection, normalizeBaseUrl, sendsTokenSafely } from './connection-check';
import {
  ContractError,
  SESSION_CHANNELS,
  type ContractHandlers,
  type SessionChannel,
  type WorkspaceChannel,
  type WorkspaceHandlers,
} from './contract-dispatch';
import type { Diagnostics } from './diagnostics';
import { credentialAccount, legacyCredentialAccount, NoSecureStorageError, type CredentialStore } from './credentials';
import { agentSettingsOf, applySettingsChange, type SettingsStore } from './settings';
import type { JsonFile } from './storage/json-file';
import type { StateDamage } from './storage/state-damage';
import { systemClock, type Clock } from './clock';
import type { Attention, Workspace } from './workspace';
import type { AccountInfo } from '../../shared/ipc/contract';
import type { Id } from '../../shared/api/types';

/** Where Perch talks to: an account's base URL, application, administrator and token. */
export interface Connection {
  mode: AccountInfo['mode'];
  baseUrl: string;
  appId: Id;
  adminId: Id;
  token: string;
}

/** A demo server the entry point started (the embedded sandbox), handed to the core. */
export interface StartedDemo {
  connection: Connection;
  stop(): Promise<void>;
  /** The demo's saved state was damaged: moved aside, and the demo started from fresh data. */
  damaged?: { movedTo: string | null; reason: string } | null;
}

/**
 * Starts the demo server with its state in `dataDir`: what Perch uses when no account is
 * configured, so a new user sees a live inbox at once. The core never starts one itself.
 */
export type StartDemo = (dataDir: string) => Promise<StartedDemo>;

const positiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** What Perch remembers between runs about who is signed in (never the token): account.json. */
export const savedSessionSchema = z.object({
  baseUrl: z.string().min(1).max(2048).optional(),
  appId: positiveId.optional(),
  adminId: positiveId.optional(),
  /** The user accepted keeping the token in a plain file when nothing secure exists. */
  allowPlainToken: z.boolean().optional(),
  /** The first-run choice between the demo and an account was made. */
  welcomed: z.boolean().optional(),
});
export type SavedSession = z.infer<typeof savedSessionSchema>;

type SavedAccount = Required<Pick<SavedSession, 'baseUrl' | 'appId' | 'adminId'>>;

export interface OpenedWorkspace {
  workspace: Workspace;
  close(): Promise<void>;
}

export interface SessionDeps {
  credentials: CredentialStore;
  /** The saved session (account.json in the user data folder). */
  file: JsonFile<SavedSession>;
  /** The root of per-workspace data; each workspace gets its own folder below it. */
  dataDir: string;
  /** Starts the embedded demo server; its state lives in `dataDir`. */
  startDemo: StartDemo;
  /** Builds (not starts) the workspace of a connection, with its data in `dataDir`. */
  openWorkspace(connection: Connection, dataDir: string): OpenedWorkspace;
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
}

function savedAccount(saved: SavedSession | undefined): SavedAccount | null {
  if (!saved || typeof saved.baseUrl !== 'string' || !Number.isInteger(saved.appId) || !Number.isInteger(saved.adminId))
    return null;
  return { baseUrl: saved.baseUrl, appId: saved.appId!, adminId: saved.adminId! };
}

// Named by address and application, as before tokens were kept per administrator: the cached inbox stays where it was.
const accountFolder = (baseUrl: string, appId: number) =>
  `account-${createHash('sha256').update(legacyCredentialAccount(baseUrl, appId)).digest('hex').slice(0, 16)}`;
const keyOf = (account: SavedAccount) => credentialAccount(account.baseUrl, account.appId, account.adminId);

/**
 * Which workspace Perch shows: the embedded demo or a connected account. It owns the switch
 * between them (connect, sign out, a refused token) and answers the whole IPC contract,
 * forwarding workspace channels to whichever workspace is current.
 */
export class Sessions {
  readonly events = new Emitter<EventMap>();
  readonly handlers: ContractHandlers;
  private current:
    | (OpenedWorkspace & { connection: Connection; stopServer?: () => Promise<void>; unsubscribe: (() => void)[] })
    | null = null;
  private saved: SavedSession = {};
  private refused = false;
  private switching: Promise<unknown> = Promise.resolve();
  private credentials: CredentialStore;
  /** Focus, idle, power: kept here so a workspace built later starts from what is true now. */
  private attention: Partial<Attention> = {};

  constructor(private readonly deps: SessionDeps) {
    this.credentials = deps.credentials;
    this.handlers = this.createHandlers();
    deps.settings.events.on('changed', (settings) => this.events.emit('settings:changed', agentSettingsOf(settings)));
    deps.damage.events.on('added', () => this.changed());
  }

  get workspace(): Workspace | null {
    return this.current?.workspace ?? null;
  }

  /** The saved account if its token is found, else the demo. */
  async start(): Promise<void> {
    const { value, problem } = await this.deps.file.load();
    if (problem) this.deps.damage.add('account', problem);
    this.saved = value ?? {};
    const account = savedAccount(this.saved);
    const token = account ? await this.savedToken(account) : null;
    // An account saved with a plain-http address is not used: the connect form reopens and says why.
    if (account && token && sendsTokenSafely(account.baseUrl))
      await this.activate({ mode: 'account', ...account, token });
    else await this.activateDemo();
  }

  state(): SessionState {
    const connection = this.current?.connection;
    const account = savedAccount(this.saved);
    const inAccount = connection?.mode === 'account';
    return {
      account: connection
        ? { mode: connection.mode, baseUrl: connection.baseUrl, appId: connection.appId, adminId: connection.adminId }
        : { mode: 'sandbox', baseUrl: '', appId: 0, adminId: 0 },
      welcomed: this.saved.welcomed === true || inAccount,
      tokenStorage: this.credentials.kind,
      // A saved account that is not the one shown (token missing), or whose token was refused.
      reconnect: account && (!inAccount || this.refused) ? account : null,
      damaged: this.deps.damage.list(),
    };
  }

  async useDemo(): Promise<SessionState> {
    await this.save({ ...this.saved, welcomed: true });
    this.changed();
    return this.state();
  }

  async connect(form: AccountForm): Promise<ConnectResult> {
    const check = await checkConnection(form, this.deps.transport);
    if (!check.ok) return check;
    const baseUrl = normalizeBaseUrl(form.baseUrl)!;
    const next: SavedAccount = { baseUrl, appId: check.appId, adminId: check.adminId };
    const consented =
      form.allowPlainToken === true && this.credentials.kind === 'none' && this.deps.plainStore !== undefined;
    if (consented) this.credentials = this.deps.plainStore!();
    try {
      await this.credentials.set(keyOf(next), form.token.trim());
    } catch (error) {
      const detail =
        error instanceof NoSecureStorageError
          ? error.message
          : `The keychain refused the token: ${(error as Error).message}`;
      return { ok: false, failure: 'no-secure-storage', missing: [], detail };
    }
    // Another account replaces the saved one: its token does not stay behind in the keychain.
    const previous = savedAccount(this.saved);
    if (previous && keyOf(previous) !== keyOf(next)) await this.credentials.delete(keyOf(previous)).catch(() => false);
    await this.save({ ...this.saved, ...next, welcomed: true, ...(consented ? { allowPlainToken: true } : {}) });
    await this.serialize(() => this.activate({ mode: 'account', ...next, token: form.token.trim() }));
    return { ok: true, session: this.state(), missingOptional: check.missingOptional };
  }

  /** Forgets the token and the account's cached inbox; unsent writes stay for a later sign-in. */
  async signOut(): Promise<SessionState> {
    const account = savedAccount(this.saved);
    if (account) {
      await this.credentials.delete(keyOf(account)).catch(() => false);
      // An entry under the older key is left only when moving it failed: it goes too.
      await this.credentials.delete(legacyCredentialAccount(account.baseUrl, account.appId)).catch(() => false);
    }
    const { baseUrl: _b, appId: _a, adminId: _d, ...rest } = this.saved;
    await this.save({ ...rest, welcomed: false });
    if (this.current?.connection.mode === 'sandbox') this.changed();
    else await this.serialize(() => this.activateDemo());
    if (account)
      await rm(join(this.deps.dataDir, accountFolder(account.baseUrl, account.appId), `inbox-${account.appId}.json`), {
        force: true,
      });
    return this.state();
  }

  /** The saved account's token; one kept under the older key (address and application) is moved to the current one. */
  private async savedToken(account: SavedAccount): Promise<string | null> {
    const token = await this.credentials.get(keyOf(account)).catch(() => null);
    if (token) return token;
    const legacy = legacyCredentialAccount(account.baseUrl, account.appId);
    const old = await this.credentials.get(legacy).catch(() => null);
    if (!old) return null;
    try {
      await this.credentials.set(keyOf(account), old);
      await this.credentials.delete(legacy);
    } catch {
      // The keychain would not take the move: the old entry still signs in, and the move is tried next start.
    }
    return old;
  }

  setAttention(change: Partial<Attention>): void {
    this.attention = { ...this.attention, ...change };
    this.workspace?.setAttention(change);
  }

  networkReturned(): void {
    this.workspace?.networkReturned();
  }

  notificationClicked(conversationId: number): void {
    this.workspace?.notificationClicked(conversationId);
  }

  async close(): Promise<void> {
    await this.serialize(() => this.deactivate());
  }

  private async activateDemo(): Promise<void> {
    const dir = join(this.deps.dataDir, 'demo');
    const demo = await this.deps.startDemo(dir);
    await this.activate(demo.connection, demo.stop);
  }

  private async activate(connection: Connection, stopServer?: () => Promise<void>): Promise<void> {
    await this.deactivate();
    const dir = join(
      this.deps.dataDir,
      connection.mode === 'account' ? accountFolder(connection.baseUrl, connection.appId) : 'demo',
    );
    const opened = this.deps.openWorkspace(connection, dir);
    const { workspace } = opened;
    this.refused = false;
    const unsubscribe = forwardEvents(workspace, this.events);
    // Any refusal counts: the sync's poll, a write in the outbox, or a call the agent made.
    unsubscribe.push(
      workspace.inbox.events.on('health', (health) => {
        if (health === 'signed-out') this.tokenRefused();
      }),
      workspace.outbox.events.on('signed-out', () => this.tokenRefused()),
    );
    this.current = { ...opened, connection, stopServer, unsubscribe };
    workspace.setAttention(this.attention);
    await workspace.start();
    this.changed();
  }

  private async deactivate(): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = null;
    for (const off of current.unsubscribe) off();
    await current.close();
    await current.stopServer?.();
  }

  private tokenRefused(): void {
    if (this.current?.connection.mode !== 'account' || this.refused) return;
    this.refused = true;
    this.changed();
  }

  private changed(): void {
    this.events.emit('session:changed', this.state());
  }

  private async save(next: SavedSession): Promise<void> {
    this.saved = next;
    await this.deps.file.write(next);
  }

  /** Switches run one at a time: a double click on "Connect" cannot build two workspaces. */
  private serialize<T>(run: () => Promise<T>): Promise<T> {
    const next = this.switching.then(run, run);
    this.switching = next.catch(() => {});
    return next;
  }

  private createHandlers(): ContractHandlers {
    const forward = <C extends WorkspaceChannel>(channel: C) =>
      ((...args: unknown[]) => {
        const workspace = this.workspace;
        if (!workspace) return Promise.reject(new ContractError('signed-out', 'Perch is switching workspaces'));
        return (workspace.handlers[channel] as (...a: unknown[]) => Promise<unknown>)(...args).catch(
          (error: unknown) => {
            if (error instanceof ApiError && error.kind === 'auth') this.tokenRefused();
            throw error;
          },
        );
      }) as ContractHandlers[C];
    const workspaceChannels = INVOKE_CHANNELS.filter(
      (c): c is WorkspaceChannel => !SESSION_CHANNELS.includes(c as SessionChannel),
    );
    const handlers = Object.fromEntries(workspaceChannels.map((c) => [c, forward(c)])) as WorkspaceHandlers;
    return {
      ...handlers,
      'app:ready': async () => this.state(),
      'session:demo': () => this.useDemo(),
      'session:connect': (form) => this.connect(form),
      'session:sign-out': () => this.signOut(),
      'session:dismiss-damage': async () => {
        this.deps.damage.clear();
        this.changed();
        return this.state();
      },
      'settings:get': async () => agentSettingsOf(this.deps.settings.get()),
      'diagnostics:get': async () => this.deps.diagnostics?.report() ?? { skippedTotal: 0, skipped: [] },
      'settings:update': async (change) => {
        const now = new Date((this.deps.clock ?? systemClock).now());
        return agentSettingsOf(await this.deps.settings.update((current) => applySettingsChange(current, change, now)));
      },
    };
  }
}

/** Re-emits a workspace's events as the session's own, until unsubscribed. */
function forwardEvents(workspace: Workspace, to: Emitter<EventMap>): (() => void)[] {
  const channels = EVENT_CHANNELS.filter((c) => c !== 'session:changed');
  return channels.map((event) => workspace.events.on(event, (payload) => to.emit(event, payload as never)));
}
