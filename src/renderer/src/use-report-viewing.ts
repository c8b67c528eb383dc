import { useEffect } from 'react';
import type { Id } from '../../shared/api/types';
import { usePerch } from './store';

/** How long the list must rest before main hears which rows are on screen. */
const SETTLE_MS = 600;

/**
 * Tells main which conversations are on the agent's screen once scrolling settles, so its
 * background sweep re-reads them first for changes no poll sees (tags).
 */
export function useReportViewing(ids: readonly Id[]): void {
  const bridge = usePerch((s) => s.bridge);
  const key = ids.join(',');
  useEffect(() => {
    if (!bridge) return;
    const timer = setTimeout(
      () => void bridge.invoke('inbox:viewing', key ? key.split(',').map(Number) : []),
      SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [bridge, key]);
}
