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
import { settingsHandlers } from '../settings/handlers';
import { searchHandlers } from '../search/handlers';
import { diagnosticsHandlers } from '../log/handlers';
import { systemClock } from '../runtime/clock';
import { savedRepliesHandlers } from '../toolkit/handlers';
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
  const firstScreen = new FirstScreenStore(deps.dataDir);
  return {
    ...workspaceHandlers,
    ...savedRepliesHandlers(deps.dataDir),
    ...settingsHandlers({
      settings: deps.settings,
      clock: deps.clock ?? systemClock,
      holds: (accountId) => accounts.holds(accountId),
    }),
    ...searchHandlers(deps.search),
    ...diagnosticsHandlers({ ...deps, clock: deps.clock ?? systemClock }),
    ...(deps.desktop ?? desktopHandlers(null, { currentVersion: '', network: async () => NODE_NETWORK })),
    'app:ready': async () => accounts.state(),
    'account:demo': () => accounts.useDemo(),
    'account:connect': (form) => accounts.connect(form),
    'account:sign-out': (accountId) => accounts.signOut(accountId),
    'account:update': (accountId, look) => accounts.updateAccount(accountId, look),
    'account:dismiss-damage': async () => accounts.dismissDamage(),
    'first-screen:save': (screen) => firstScreen.save(screen),
    'inbox:get': async (range?: InboxRange): Promise<InboxPage> => running.page(range),
    'deep-link:open': async (raw) => (accounts.openLink(raw), null),
    'alerts:get': async () => accounts.alerts.report(),
  };
}
