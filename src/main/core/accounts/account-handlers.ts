import type { AccountId } from '../../../shared/accounts';
import type {
  AccountForm,
  AccountChange,
  ConnectResult,
  InboxPage,
  InboxRange,
  AccountsState,
} from '../../../shared/ipc/contract';
import type { AlertsReport } from '../../../shared/ipc/channels/alerts';
import { ApiError } from '../api/errors';
import {
  ContractError,
  WORKSPACE_CHANNELS,
  type ContractHandlers,
  type WorkspaceChannel,
  type WorkspaceHandlers,
} from '../contract/contract-dispatch';
import type { RunningWorkspaces, AccountsDeps } from './running-workspaces';
import { agentSettingsOf, applySettingsChange } from '../settings/settings';
import { systemClock } from '../runtime/clock';
import { SavedReplies } from '../toolkit/saved-replies';
import { JsonFile } from '../storage/json-file';
import { desktopHandlers, NODE_NETWORK } from '../desktop/desktop-handlers';
import { FirstScreenStore } from '../first-screen/first-screen-store';

/** What the contract's handlers need of the accounts. */
export interface HandledAccounts {
  readonly running: RunningWorkspaces;
  state(): AccountsState;
  useDemo(): Promise<AccountsState>;
  connect(form: AccountForm): Promise<ConnectResult>;
  signOut(accountId: AccountId): Promise<AccountsState>;
  updateAccount(accountId: AccountId, look: AccountChange): Promise<AccountsState>;
  dismissDamage(): AccountsState;
  holds(accountId: AccountId): boolean;
  openLink(raw: string): void;
  readonly alerts: { report(): AlertsReport };
}

/**
 * The whole IPC contract over several accounts: account channels are answered here, and a
 * workspace channel by the workspace of the account its call names first.
 */
export function createAccountHandlers(accounts: HandledAccounts, deps: AccountsDeps): ContractHandlers {
  const { running } = accounts;
  const forward = <C extends WorkspaceChannel>(channel: C) =>
    ((accountId: AccountId, ...args: unknown[]) => {
      const target = running.get(accountId);
      if (!target) return Promise.reject(new ContractError('signed-out', 'This account is not connected'));
      // One conversation is open at a time: opening one in an account leaves the one open in another.
      if (channel === 'conversation:open')
        for (const other of running.list())
          if (other !== target) void other.workspace.handlers['conversation:leave']().catch(() => null);
      const handler = target.workspace.handlers[channel] as (...a: unknown[]) => Promise<unknown>;
      return handler(...args).catch((error: unknown) => {
        if (error instanceof ApiError && error.kind === 'auth') running.refuse(accountId);
        throw error;
      });
    }) as unknown as ContractHandlers[C];
  const workspaceHandlers = Object.fromEntries(WORKSPACE_CHANNELS.map((c) => [c, forward(c)])) as unknown as Pick<
    ContractHandlers,
    keyof WorkspaceHandlers
  >;
  const savedReplies = new SavedReplies(new JsonFile(`${deps.dataDir}/saved-replies.json`));
  const firstScreen = new FirstScreenStore(deps.dataDir);
  return {
    ...workspaceHandlers,
    'saved-replies:list': () => savedReplies.list(),
    'saved-replies:save': (reply) => savedReplies.save(reply),
    'saved-replies:remove': (id) => savedReplies.remove(id),
    'saved-replies:import': (text) => savedReplies.importText(text),
    'saved-replies:export': () => savedReplies.exportText(),
    ...(deps.desktop ?? desktopHandlers(null, { currentVersion: '', network: async () => NODE_NETWORK })),
    'app:ready': async () => accounts.state(),
    'account:demo': () => accounts.useDemo(),
    'account:connect': (form) => accounts.connect(form),
    'account:sign-out': (accountId) => accounts.signOut(accountId),
    'account:update': (accountId, look) => accounts.updateAccount(accountId, look),
    'account:dismiss-damage': async () => accounts.dismissDamage(),
    'first-screen:save': (screen) => firstScreen.save(screen),
    'search:text': async (words) => deps.search?.search(words) ?? { hits: [], truncated: false },
    'inbox:get': async (range?: InboxRange): Promise<InboxPage> => running.page(range),
    'deep-link:open': async (raw) => (accounts.openLink(raw), null),
    'settings:get': async () => agentSettingsOf(deps.settings.get()),
    'diagnostics:get': async () => deps.diagnostics?.report() ?? { skippedTotal: 0, skipped: [] },
    'alerts:get': async () => accounts.alerts.report(),
    'diagnostics:log': async (maxLines) => (await deps.log?.tail(maxLines)) ?? [],
    'settings:update': async (change) => {
      if (change.account !== undefined && !accounts.holds(change.account))
        throw new ContractError('not-found', 'Perch holds no such account');
      const now = new Date((deps.clock ?? systemClock).now());
      return agentSettingsOf(await deps.settings.update((current) => applySettingsChange(current, change, now)));
    },
  };
}
