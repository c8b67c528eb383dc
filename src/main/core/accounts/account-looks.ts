import { DEMO_ACCOUNT_ID, type AccountId } from '../../../shared/accounts';
import type { Translate } from '../../../shared/i18n';
import type { AccountChange } from '../../../shared/ipc/contract';
import type { SavedAccounts } from './saved-accounts';

/**
 * How each account shows, as the agent chose and `account.json` keeps it: its label (a default
 * one in the agent's language), its colour, and its live updates on or off. The demo's is kept
 * apart (`demoLook`), as it is not a saved account.
 */

export function labelOf(saved: SavedAccounts, accountId: AccountId, t: Translate): string {
  if (accountId === DEMO_ACCOUNT_ID) return saved.demoLook?.label ?? t('account.sandbox');
  const account = saved.accounts?.find((a) => a.id === accountId);
  return account?.label ?? t('account.account', { appId: account?.appId ?? 0 });
}

/** Whether the agent left live updates on for an account (on unless switched off). */
export function liveUpdatesOf(saved: SavedAccounts, accountId: AccountId): boolean {
  const look = accountId === DEMO_ACCOUNT_ID ? saved.demoLook : saved.accounts?.find((a) => a.id === accountId);
  return look?.liveUpdates !== false;
}

/** The saved accounts with one account's look changed; what the change leaves out stays as it was. */
export function withLook(saved: SavedAccounts, accountId: AccountId, look: AccountChange): SavedAccounts {
  if (accountId === DEMO_ACCOUNT_ID) {
    const before = saved.demoLook ?? { label: null, color: 'teal' as const };
    const liveUpdates = look.liveUpdates ?? before.liveUpdates;
    return {
      ...saved,
      demoLook: { label: look.label ?? before.label, color: look.color ?? before.color, liveUpdates },
    };
  }
  const accounts = (saved.accounts ?? []).map((a) =>
    a.id === accountId
      ? {
          ...a,
          label: look.label ?? a.label,
          color: look.color ?? a.color,
          liveUpdates: look.liveUpdates ?? a.liveUpdates,
        }
      : a,
  );
  return { ...saved, accounts };
}
