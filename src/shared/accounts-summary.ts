import type { AccountId } from './accounts';
import type { SyncHealth, UnreadTotals } from './inbox';
import type { AccountInfo, InboxStatus } from './ipc/types';

/**
 * Every account together, as the tray and the window both show it. Main computes it for the
 * tray and the renderer for the sidebar, from the same accounts and statuses, with this one
 * function, so the two cannot disagree.
 *
 * - **Counts** come from every account that has an inbox (a status): a connected account, and
 *   one whose token was refused (its rows stay, marked, until it reconnects). Live updates
 *   switched off ("paused") change nothing: polling still counts.
 * - **Health** is the one that most needs the agent, over every account Perch holds. An account
 *   that needs signing in again (token refused, missing from the keychain, or an address that
 *   is not https) says `signed-out` instead of being left out; a connected one says its inbox's
 *   health (`starting` before its first report). With no account at all: `starting`.
 */
export interface AccountsSummary {
  totals: UnreadTotals;
  health: SyncHealth;
}

/** Worst last: the health shown for several accounts is the highest of theirs. */
const HEALTH_RANK: readonly SyncHealth[] = ['ok', 'starting', 'degraded', 'offline', 'signed-out'];

/** One account's health as the summary counts it: an account waiting for a sign-in needs the agent. */
export function accountHealth(account: Pick<AccountInfo, 'status'>, status: InboxStatus | undefined): SyncHealth {
  if (account.status !== 'connected') return 'signed-out';
  return status?.health ?? 'starting';
}

export function summarizeAccounts(
  accounts: readonly Pick<AccountInfo, 'id' | 'status'>[],
  statuses: Readonly<Record<AccountId, InboxStatus>>,
): AccountsSummary {
  const totals: UnreadTotals = { all: 0, mine: 0, unassigned: 0 };
  let worst = -1;
  for (const account of accounts) {
    const status = statuses[account.id];
    if (status) {
      totals.all += status.totals.all;
      totals.mine += status.totals.mine;
      totals.unassigned += status.totals.unassigned;
    }
    worst = Math.max(worst, HEALTH_RANK.indexOf(accountHealth(account, status)));
  }
  return { totals, health: HEALTH_RANK[worst] ?? 'starting' };
}
