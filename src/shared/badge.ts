import type { UnreadTotals } from './inbox';
import type { NotifyScope } from './settings';

/** What the app's badge shows (Dock, taskbar overlay, launcher), decided once for every OS. */
export interface AppBadge {
  /** Unread conversations the agent is notified about, summed over the accounts. */
  count: number;
  /** The badge's text: "7", "99+" beyond 99, "•" for unread that is not counted, "" for nothing; "!" marks a reconnect. */
  label: string;
  /** Unread conversations outside every notification scope: a dot rather than a number. */
  dot: boolean;
  /** An account waits for a reconnect (its token was refused or is missing). */
  reconnect: boolean;
}

export interface BadgeAccount {
  totals: UnreadTotals;
  /** The account's notification scope: only what it notifies about is counted. */
  scope: NotifyScope;
  reconnect: boolean;
}

export const BADGE_MAX = 99;

/** Unread conversations an account notifies about: what its badge counts. */
export function countedUnread(totals: UnreadTotals, scope: NotifyScope): number {
  if (scope === 'all') return totals.all;
  if (scope === 'mine-and-unassigned') return totals.mine + totals.unassigned;
  return scope === 'mine' ? totals.mine : 0;
}

export function badgeOf(accounts: readonly BadgeAccount[]): AppBadge {
  let count = 0;
  let uncounted = 0;
  for (const account of accounts) {
    const counted = countedUnread(account.totals, account.scope);
    count += counted;
    uncounted += account.totals.all - counted;
  }
  const reconnect = accounts.some((a) => a.reconnect);
  const dot = uncounted > 0;
  const number = count > BADGE_MAX ? `${BADGE_MAX}+` : count > 0 ? String(count) : dot ? '•' : '';
  return { count, label: reconnect ? `${number}!` : number, dot, reconnect };
}
