import { freshnessOf, type Freshness } from '../../../../shared/freshness';
import type { InboxStatus } from '../../../../shared/ipc/contract';
import { formatClock, formatTime } from '../../ui/text/format';
import { t } from '../../ui/i18n';

/** "Up to date", "Synced 40 s ago", "Stale since 14:02" (a date before today): what an account's freshness says. */
export function freshnessText(freshness: Freshness, now: number): string {
  switch (freshness.kind) {
    case 'starting':
      return t('freshness.starting');
    case 'up-to-date':
      return t('freshness.upToDate');
    case 'synced': {
      const seconds = Math.max(0, Math.floor((now - freshness.at) / 1000));
      const ago =
        seconds < 60
          ? t('freshness.seconds', { count: seconds })
          : t('freshness.minutes', { count: Math.floor(seconds / 60) });
      return t('freshness.synced', { ago });
    }
    case 'stale': {
      if (freshness.since === null) return t('freshness.neverSynced');
      const seconds = Math.floor(freshness.since / 1000);
      const time =
        new Date(freshness.since).toDateString() === new Date(now).toDateString()
          ? formatClock(seconds)
          : formatTime(seconds, now);
      return t('freshness.stale', { time });
    }
  }
}

const RANK: Record<Freshness['kind'], number> = { 'up-to-date': 0, starting: 1, synced: 2, stale: 3 };

/** Each account's freshness, the least fresh first. */
export function freshnessOfAccounts<A extends { id: string }>(
  accounts: readonly A[],
  statuses: Record<string, InboxStatus | undefined>,
  now: number,
): { account: A; freshness: Freshness }[] {
  return accounts
    .map((account) => {
      const status = statuses[account.id];
      return { account, freshness: status ? freshnessOf(status, now) : ({ kind: 'starting' } as const) };
    })
    .sort((a, b) => RANK[b.freshness.kind] - RANK[a.freshness.kind]);
}
