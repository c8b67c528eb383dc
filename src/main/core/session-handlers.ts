import type { AccountId } from '../../shared/accounts';
import type {
  AccountForm,
  AccountChange,
  ConnectResult,
  InboxPage,
  InboxRange,
  SessionState,
} from '../../shared/ipc/contract';
import { ApiError } from './api/errors';
import {
  ContractError,
  WORKSPACE_CHANNELS,
  type ContractHandlers,
  type WorkspaceChannel,
  type WorkspaceHandlers,
} from './contract-dispatch';
import type { RunningWorkspaces, SessionDeps } from './running-workspaces';
import { agentSettingsOf, applySettingsChange } from './settings';
import { systemClock } from './clock';

/** What the contract's handlers need of the sessions. */
export interface HandledSessions {
  readonly running: RunningWorkspaces;
  state(): SessionState;
  useDemo(): Promise<SessionState>;
  connect(form: AccountForm): Promise<ConnectResult>;
  signOut(accountId: AccountId): Promise<SessionState>;
  updateAccount(accountId: AccountId, look: AccountChange): Promise<SessionState>;
  dismissDamage(): SessionState;
  holds(accountId: AccountId): boolean;
}

/**
 * The whole IPC contract over several accounts: session channels are answered here, and a
 * workspace channel by the workspace of the account its call names first.
 */
export function createSessionHandlers(sessions: HandledSessions, deps: SessionDeps): ContractHandlers {
  const { running } = sessions;
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
  return {
    ...workspaceHandlers,
    'app:ready': async () => sessions.state(),
    'session:demo': () => sessions.useDemo(),
    'session:connect': (form) => sessions.connect(form),
    'session:sign-out': (accountId) => sessions.signOut(accountId),
    'session:update-account': (accountId, look) => sessions.updateAccount(accountId, look),
    'session:dismiss-damage': async () => sessions.dismissDamage(),
    'inbox:get': async (range?: InboxRange): Promise<InboxPage> => running.page(range),
    'settings:get': async () => agentSettingsOf(deps.settings.get()),
    'diagnostics:get': async () => deps.diagnostics?.report() ?? { skippedTotal: 0, skipped: [] },
    'diagnostics:log': async (maxLines) => (await deps.log?.tail(maxLines)) ?? [],
    'settings:update': async (change) => {
      if (change.account !== undefined && !sessions.holds(change.account))
        throw new ContractError('not-found', 'Perch holds no such account');
      const now = new Date((deps.clock ?? systemClock).now());
      return agentSettingsOf(await deps.settings.update((current) => applySettingsChange(current, change, now)));
    },
  };
}
