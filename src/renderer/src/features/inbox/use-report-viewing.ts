import { useEffect } from 'react';
import type { ConversationKey } from '../../../../shared/accounts';
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
    const timer = setTimeout(() => reportViewing(key ? (key.split(',') as ConversationKey[]) : []), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [reportViewing, key]);
}
