import type { AccountId } from '../../../shared/accounts';
import { ContractError, type ContractHandlers } from '../contract/contract-dispatch';
import type { Clock } from '../ports';
import { agentSettingsOf, applySettingsChange, type SettingsStore } from './settings';

/** `settings:get` and `settings:update` (shared/ipc/channels/settings.ts): the agent's settings, checked. */
export function settingsHandlers(parts: {
  settings: SettingsStore;
  clock: Clock;
  /** Whether Perch holds the account a change names. */
  holds(accountId: AccountId): boolean;
}): Pick<ContractHandlers, 'settings:get' | 'settings:update'> {
  const { settings, clock } = parts;
  return {
    'settings:get': async () => agentSettingsOf(settings.get()),
    'settings:update': async (change) => {
      if (change.account !== undefined && !parts.holds(change.account))
        throw new ContractError('not-found', 'Perch holds no such account');
      const now = new Date(clock.now());
      return agentSettingsOf(await settings.update((current) => applySettingsChange(current, change, now)));
    },
  };
}
