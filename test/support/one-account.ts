import { DEMO_ACCOUNT_ID } from '../../src/shared/accounts';
import {
  dispatchInvoke,
  type ContractHandlers,
  type WorkspaceHandlers,
} from '../../src/main/core/contract/contract-dispatch';
import { isInvokeChannel, isWorkspaceChannel } from '../../src/shared/ipc/contract';

/** A workspace's handlers as the contract calls them: each workspace channel named by this one account first. */
export function oneAccount(
  handlers: Partial<WorkspaceHandlers> | Partial<ContractHandlers>,
  accountId = DEMO_ACCOUNT_ID,
): Partial<ContractHandlers> {
  return Object.fromEntries(
    Object.entries(handlers).map(([channel, handler]) => {
      const call = handler as (...args: unknown[]) => Promise<unknown>;
      const forAccount =
        isInvokeChannel(channel) && isWorkspaceChannel(channel)
          ? (account: unknown, ...args: unknown[]) =>
              account === accountId ? call(...args) : Promise.reject(new Error(`not this account: ${String(account)}`))
          : call;
      return [channel, forAccount];
    }),
  ) as Partial<ContractHandlers>;
}

/**
 * Runs one invoke of a single workspace through the contract's checks, as the renderer would
 * send it for that workspace's account (the account is put first for workspace channels).
 */
export function dispatchToOne(
  handlers: Partial<WorkspaceHandlers> | Partial<ContractHandlers>,
  channel: unknown,
  args: unknown,
  accountId = DEMO_ACCOUNT_ID,
) {
  const named =
    isInvokeChannel(channel) && isWorkspaceChannel(channel) && Array.isArray(args) ? [accountId, ...args] : args;
  return dispatchInvoke(oneAccount(handlers, accountId), channel, named);
}
