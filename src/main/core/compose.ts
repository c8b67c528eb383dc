import { resolveLocale, translator } from '../../shared/i18n';
import { notificationSettingsFor } from '../../shared/settings';
import { join } from 'node:path';
import { ApiClient } from './api/client';
import { createUndiciTransport } from './api/transport';
import { systemClock } from './runtime/clock';
import { PlainFileStore } from './accounts/credentials';
import type {
  AttentionRequests,
  BadgeIndicator,
  Connection,
  CredentialStore,
  DoNotDisturbReader,
  StartDemo,
  StatusIndicator,
} from './ports';
import { Diagnostics } from './log/diagnostics';
import { AlertRecord } from './alerts/alert-record';
import { jsonFileSettingsBackend, SettingsStore } from './settings/settings';
import { savedAccountsSchema, Accounts, type SavedAccounts } from './accounts/accounts';
import { JsonFile } from './storage/json-file';
import { StateDamage } from './storage/state-damage';
import { RealtimeClient } from './sync/realtime-client';
import { realtimeUrlFor } from './sync/realtime-protocol';
import { openWsSocketThrough } from './sync/realtime-socket';
import { isLoopback } from './network/loopback';
import { Workspace } from './workspace/workspace';
import type { DesktopHandlers } from './desktop/desktop-handlers';
import type { WorkspaceAccount, WorkspaceOptions } from './workspace/workspace-options';
import { AlertLadder } from './alerts/alert-ladder';
import { SearchStore } from './search/search-store';
import { searchFiles } from './search/search-files';

/**
 * Builds Perch's accounts and each workspace from the entry point's choices: the one place
 * where the core's parts are put together (the demo server is handed in, never started here).
 */

export interface AccountsOptions {
  dataDir: string;
  credentials: CredentialStore;
  /** The agent's settings; without one, settings live in `settings.json` in the data folder. */
  settings?: SettingsStore;
  /** How each workspace is built; its data folder is chosen per workspace. */
  workspace: Omit<WorkspaceOptions, 'dataDir'>;
  /** Starts the demo server (see src/main/demo). */
  startDemo: StartDemo;
  /** Where a token may be kept in plain text, only if nothing secure exists and the agent agrees. */
  plainTokenFile?: string;
  /** Damaged state files found in this run; the app passes its own so settings damage found earlier shows too. */
  damage?: StateDamage;
  /** Reads the OS's Do Not Disturb (none: it is never followed, as if "unknown"). */
  doNotDisturb?: DoNotDisturbReader;
  /** Draws the app's badge (Dock, taskbar overlay, launcher count). */
  badge?: BadgeIndicator;
  /** The tray: every account's unread state, once per change. */
  indicator?: StatusIndicator;
  /** The OS's preferred languages, for the "auto" language (default: this process's locale). */
  systemLanguages?: () => readonly string[];
  /** The host's updates and network for Settings (default: no updates, Node's network). */
  desktop?: DesktopHandlers;
  /** Flash the taskbar, bounce the Dock, bring the window forward (Electron); none in the browser host. */
  attentionRequests?: AttentionRequests;
}

const NO_ATTENTION_REQUESTS: AttentionRequests = { request: () => {}, cancel: () => {}, bringForward: () => {} };

/** Perch's accounts: the connected accounts, and the demo (kept in the data folder across runs). */
export async function createAccounts(
  options: AccountsOptions,
): Promise<{ accounts: Accounts; settings: SettingsStore; close(): Promise<void> }> {
  const transport = options.workspace.transport ?? createUndiciTransport();
  const damage = options.damage ?? new StateDamage(options.workspace.log?.scope('state'));
  const settings =
    options.settings ??
    new SettingsStore(jsonFileSettingsBackend(join(options.dataDir, 'settings.json'), damage.reporter('settings')));
  // One collector for the whole run: what a previous workspace left out stays visible after a switch.
  const diagnostics = options.workspace.diagnostics ?? new Diagnostics();
  // One record of alerts for every account, kept across account switches like the diagnostics.
  const alertRecord = options.workspace.alertRecord ?? new AlertRecord();
  if (!options.settings) await settings.load();
  const systemLanguages = options.systemLanguages ?? (() => [Intl.DateTimeFormat().resolvedOptions().locale]);
  const locale = () => resolveLocale(settings.get().locale, systemLanguages());
  // One ladder for every account: the window plays its sounds, the adapter flashes and brings it forward.
  const alerts =
    options.workspace.alerts ??
    new AlertLadder({
      clock: options.workspace.clock ?? systemClock,
      sounds: {
        play: (sound, volume, waiting) =>
          accounts.events.emit('alerts:sound', { sound, volume, ...(waiting !== undefined && { waiting }) }),
      },
      attention: options.attentionRequests ?? NO_ATTENTION_REQUESTS,
      log: options.workspace.log?.scope('alerts'),
    });
  // One store of what Perch has read, for every account: the search finds it after a restart too.
  const search =
    options.workspace.search ??
    new SearchStore({
      storage: searchFiles(options.dataDir),
      clock: options.workspace.clock ?? systemClock,
      log: options.workspace.log?.scope('search'),
    });
  const accounts: Accounts = new Accounts({
    settings,
    damage,
    clock: options.workspace.clock,
    credentials: options.credentials,
    file: new JsonFile<SavedAccounts>(join(options.dataDir, 'account.json'), savedAccountsSchema),
    dataDir: options.dataDir,
    transport,
    diagnostics,
    alertRecord,
    search,
    doNotDisturb: options.doNotDisturb,
    badge: options.badge,
    log: options.workspace.log,
    desktop: options.desktop,
    indicator: options.indicator,
    translate: () => translator(options.workspace.locale?.() ?? locale()),
    startDemo: async (dir) => {
      const demo = await options.startDemo(dir);
      if (demo.damaged)
        damage.add('demo', { movedTo: demo.damaged.movedTo, kept: null, total: null, reason: demo.damaged.reason });
      return { connection: demo.connection, stop: demo.stop };
    },
    // Notifications follow the settings (the account's own scope and quiet hours) unless the caller decides them.
    openWorkspace: (connection, dataDir, hooks) =>
      createWorkspace(connection, {
        notificationSettings: () => notificationSettingsFor(settings.get().notifications, connection.id),
        alertSettings: () => settings.get().alerts,
        undoSendMs: () => settings.get().undoSendSeconds * 1000,
        alerts,
        locale,
        damage,
        ...options.workspace,
        ...hooks,
        transport,
        diagnostics,
        alertRecord,
        search,
        dataDir,
      }),
    ...(options.plainTokenFile
      ? { plainStore: () => new PlainFileStore(options.plainTokenFile!, damage.reporter('credentials')) }
      : {}),
  });
  return {
    accounts,
    settings,
    close: async () => {
      await accounts.close();
      if (!options.workspace.transport) await transport.close();
    },
  };
}

/** Builds the workspace for a connection. The token stays here: only the API client holds it. */
export function createWorkspace(
  connection: Connection,
  options: WorkspaceOptions,
): { workspace: Workspace; close(): Promise<void> } {
  const transport = options.transport ?? createUndiciTransport();
  const clock = options.clock ?? systemClock;
  // The token is known to the log, which replaces it wherever an error message carries it.
  options.log?.addSecret(connection.token);
  const api = new ApiClient({
    baseUrl: connection.baseUrl,
    token: connection.token,
    appId: connection.appId,
    transport,
    diagnostics: options.diagnostics,
  });
  const account: WorkspaceAccount = {
    id: connection.id,
    mode: connection.mode,
    baseUrl: connection.baseUrl,
    appId: connection.appId,
    adminId: connection.adminId,
  };
  const realtimeUrl = options.realtime === false ? null : realtimeUrlFor(connection.baseUrl, isLoopback);
  const realtime = realtimeUrl
    ? new RealtimeClient({
        url: realtimeUrl,
        appId: connection.appId,
        token: connection.token,
        clock,
        diagnostics: options.diagnostics,
        log: options.log?.scope(`realtime ${connection.id}`),
        openSocket: options.proxy ? openWsSocketThrough(options.proxy) : undefined,
        transport,
        // One conversation read: whether the Web API takes the token the realtime server refused.
        webApiAcceptsToken: () =>
          api.listConversations({ includeNotAssigned: true }, { count: 1 }).then(
            () => true,
            () => false,
          ),
      })
    : undefined;
  const workspace = new Workspace({ ...options, transport, api, account, clock, realtime });
  return {
    workspace,
    close: async () => {
      await workspace.stop();
      // A transport passed in belongs to the caller, who closes it.
      if (!options.transport) await transport.close();
    },
  };
}
