import { useEffect, useState } from 'react';

/** The time now, read again every second while `ticking`: for "next try in 12 seconds". */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** Whole seconds until `at` (ms since the epoch), or null when it is due or unknown. */
export function secondsUntil(at: number | null | undefined, now: number): number | null {
  if (at === null || at === undefined) return null;
  const seconds = Math.ceil((at - now) / 1000);
  return seconds > 0 ? seconds : null;
}
