import type { SyncHealth } from './inbox';

/** When an account last heard a good answer (a poll that worked, a realtime message), and when that turns stale. */
export interface SyncFreshness {
  /** ms since the epoch (main's clock); null before the first good answer. */
  lastGoodAt: number | null;
  /** From then on, without another good answer, the account is stale. */
  staleAt: number | null;
}

/** Within this of the last good answer an account is "up to date" (a 30 s safety-net poll stays inside it). */
export const UP_TO_DATE_MS = 45_000;

/**
 * The one definition of stale: no good answer for three poll intervals (never less than a
 * minute), or an account that cannot sync (offline, server errors, a refused token).
 */
export const staleAfterMs = (pollIntervalMs: number): number => Math.max(3 * pollIntervalMs, 60_000);

export type Freshness =
  | { kind: 'starting' }
  | { kind: 'up-to-date' }
  | { kind: 'synced'; at: number }
  /** `since`: the last good answer, or null when there never was one. */
  | { kind: 'stale'; since: number | null };

/** How fresh an account's inbox is at `now`: a stale account is never "up to date". */
export function freshnessOf(status: { health: SyncHealth; freshness?: SyncFreshness | null }, now: number): Freshness {
  const lastGoodAt = status.freshness?.lastGoodAt ?? null;
  const staleAt = status.freshness?.staleAt ?? null;
  if (status.health === 'offline' || status.health === 'degraded' || status.health === 'signed-out')
    return { kind: 'stale', since: lastGoodAt };
  if (lastGoodAt === null) return { kind: 'starting' };
  if (staleAt !== null && now >= staleAt) return { kind: 'stale', since: lastGoodAt };
  return now - lastGoodAt < UP_TO_DATE_MS ? { kind: 'up-to-date' } : { kind: 'synced', at: lastGoodAt };
}
