import { useEffect } from 'react';
import type { ConversationKey } from '../../../../shared/accounts';
import { idsByAccount } from '../accounts/accounts-view';
import { usePerch } from '../../store';

/** How long the list must rest before main hears which rows are on screen. */
const SETTLE_MS = 600;

/**
 * Tells main which conversations are on the agent's screen once scrolling settles, so its
 * background sweep re-reads them first for changes no poll sees (tags).
 */
export function useReportViewing(keys: readonly ConversationKey[]): void {
  const reportViewing = usePerch((s) => s.reportViewing);
  const key = keys.join(',');
  useEffect(() => {
    // Each connected account hears of its own rows; one with none on screen hears an empty list.
    const timer = setTimeout(() => {
      const { accounts, rows } = usePerch.getState();
      const grouped = idsByAccount(key ? key.split(',') : [], rows);
      for (const account of accounts)
        if (account.status === 'connected') reportViewing(account.id, (grouped.get(account.id) ?? []).slice(0, 200));
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [reportViewing, key]);
}
