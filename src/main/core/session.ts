import type { Id } from '../../shared/api/types';
import { resolveLocale, type Locale } from '../../shared/i18n';
import type { AccountInfo } from '../../shared/ipc/contract';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/server';
import { ApiClient } from './api/client';
import { createUndiciTransport, type HttpTransport } from './api/transport';
import { systemClock, type Clock } from './clock';
import { PlainFileStore, type CredentialStore } from './credentials';
import { Diagnostics } from './diagnostics';
import { jsonFileSettingsBackend, SettingsStore } from './settings';
import { savedSessionSchema, Sessions, type SavedSession } from './sessions';
import { JsonFile } from './storage/json-file';
import { StateDamage } from './storage/state-damage';
import type { NotificationSettings } from './notification-policy';
import { RealtimeClient } from './sync/realtime-client';
import { Workspace, type Notifier, type StatusIndicator } from './workspace';

/** Where Perch talks to: an account's base URL, application, administrator and token. */
export interface Connection {
  mode: AccountInfo['mode'];
  baseUrl: string;
  appId: Id;
  adminId: Id;
  token: string;
}

/**
 * Starts the embedded demo server in this process: what Perch uses when no account is
 * configured, so a new user sees a live inbox at once. It is locked down: it answers Perch
 * only, never a web page that guesses its port (see src/sandbox/http/lockdown.ts).
 */
export async function startEmbeddedSandbox(options: Pick<SandboxOptions, 'seed' | 'simulatorIntervalMs' | 'conversationsPerApp' | 'dataFile' | 'faults' | 'realtime'> = {}) {
  const sandbox = await startSandbox({ port: 0, ...options, lockedDown: true });
  const app = sandbox.info.apps[0]!;
  const connection: Connection = { mode: 'sandbox', baseUrl: sandbox.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token };
  return { sandbox, connection };
}

export interface WorkspaceDeps {
  notifier: Notifier;
  /** Folder for this account's outbox and caches. */
  dataDir: string;
  indicator?: StatusIndicator;
  openExternal(url: string): Promise<void>;
  clock?: Clock;
  transport?: HttpTransport;
  inboxIntervalMs?: number;
  partsIntervalMs?: number;
  /** The language of notifications, read at each one so a change in settings applies at once. */
  locale?: () => Locale;
  notificationSettings?: () => NotificationSettings;
  /** Use the server's realtime stream when it offers one (default true). */
  realtime?: boolean;
  sweepReadsPerPoll?: number;
  /** Where damaged state files are reported. */
  damage?: StateDamage;
  /** Collects the list items the API client leaves out, for the diagnostics view. */
  diagnostics?: Diagnostics;
}

export interface SessionsOptions {
  dataDir: string;
  credentials: CredentialStore;
  /** The agent's settings; without one, settings live in `settings.json` in the data folder. */
  settings?: SettingsStore;
  /** How each workspace is built; its data folder is chosen per workspace. */
  workspace: Omit<WorkspaceDeps, 'dataDir'>;
  /** The demo server; `persist: false` keeps it in memory only (default: kept in the data folder). */
  demo?: Pick<SandboxOptions, 'seed' | 'simulatorIntervalMs' | 'conversationsPerApp' | 'faults' | 'realtime'> & { persist?: boolean };
  /** Where a token may be kept in plain text, only if nothing secure exists and the agent agrees. */
  plainTokenFile?: string;
  /** Called with each demo server started, for tests and hooks that script visitors. */
  onDemo?(sandbox: RunningSandbox): void;
  /** Damaged state files found in this run; the app passes its own so settings damage found earlier shows too. */
  damage?: StateDamage;
  /** The OS's preferred languages, for the "auto" language (default: this process's locale). */
  systemLanguages?: () => readonly string[];
}

/** Perch's sessions: the demo (kept in the data folder across runs) or a connected account. */
export async function createSessions(options: SessionsOptions): Promise<{ sessions: Sessions; settings: SettingsStore; close(): Promise<void> }> {
  const transport = options.workspace.transport ?? createUndiciTransport();
  const damage = options.damage ?? new StateDamage();
  const settings = options.settings ?? new SettingsStore(jsonFileSettingsBackend(join(options.dataDir, 'settings.json'), damage.reporter('settings')));
  // One collector for the whole run: what a previous workspace left out stays visible after a switch.
  const diagnostics = options.workspace.diagnostics ?? new Diagnostics();
  if (!options.settings) await settings.load();
  const systemLanguages = options.systemLanguages ?? (() => [Intl.DateTimeFormat().resolvedOptions().locale]);
  const sessions = new Sessions({
    settings,
    damage,
    clock: options.workspace.clock,
    credentials: options.credentials,
    file: new JsonFile<SavedSession>(join(options.dataDir, 'account.json'), savedSessionSchema),
    dataDir: options.dataDir,
    transport,
    diagnostics,
    startDemo: async (dir) => {
      const { persist = true, ...demoOptions } = options.demo ?? {};
      const demo = await startEmbeddedSandbox({ ...demoOptions, ...(persist ? { dataFile: join(dir, 'sandbox.json') } : {}) });
      options.onDemo?.(demo.sandbox);
      if (demo.sandbox.damaged) damage.add('demo', { movedTo: demo.sandbox.damaged.movedTo, kept: null, total: null, reason: demo.sandbox.damaged.reason });
      return { connection: demo.connection, stop: demo.sandbox.close };
    },
    // Notifications follow the settings unless the caller decides them.
    openWorkspace: (connection, dataDir) => createWorkspace(connection, { notificationSettings: () => settings.get().notifications, locale: () => resolveLocale(settings.get().locale, systemLanguages()), damage, ...options.workspace, transport, diagnostics, dataDir }),
    ...(options.plainTokenFile ? { plainStore: () => new PlainFileStore(options.plainTokenFile!, damage.reporter('credentials')) } : {}),
  });
  return {
    sessions,
    settings,
    close: async () => {
      await sessions.close();
      if (!options.workspace.transport) await transport.close();
    },
  };
}

/** Builds the workspace for a connection. The token stays here: only the API client holds it. */
export function createWorkspace(connection: Connection, deps: WorkspaceDeps): { workspace: Workspace; close(): Promise<void> } {
  const transport = deps.transport ?? createUndiciTransport();
  const api = new ApiClient({ baseUrl: connection.baseUrl, token: connection.token, appId: connection.appId, transport, diagnostics: deps.diagnostics });
  const account: AccountInfo = { mode: connection.mode, baseUrl: connection.baseUrl, appId: connection.appId, adminId: connection.adminId };
  const workspace = new Workspace({
    api,
    account,
    clock: deps.clock ?? systemClock,
    notifier: deps.notifier,
    dataDir: deps.dataDir,
    indicator: deps.indicator,
    openExternal: deps.openExternal,
    inboxIntervalMs: deps.inboxIntervalMs,
    partsIntervalMs: deps.partsIntervalMs,
    locale: deps.locale,
    notificationSettings: deps.notificationSettings,
    sweepReadsPerPoll: deps.sweepReadsPerPoll,
    damage: deps.damage,
    realtime: deps.realtime === false ? undefined : new RealtimeClient({ baseUrl: connection.baseUrl, token: connection.token, clock: deps.clock ?? systemClock, diagnostics: deps.diagnostics }),
  });
  return {
    workspace,
    close: async () => {
      await workspace.stop();
      // A transport passed in belongs to the caller, who closes it.
      if (!deps.transport) await transport.close();
    },
  };
}
