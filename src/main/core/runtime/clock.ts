import type { Clock } from '../ports';

/**
 * The longest a Node timer can wait (2^31 - 1 ms, about 24.8 days); a longer one fires at
 * once. Longer waits are cut to it: whoever scheduled them checks again when it fires.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  elapsed: () => performance.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, Math.min(Math.max(0, Number.isFinite(ms) ? ms : MAX_TIMER_MS), MAX_TIMER_MS));
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The clock's time that never steps, or its wall time when it has none. */
export function elapsedOn(clock: Clock): number {
  return clock.elapsed?.() ?? clock.now();
}

/** Less than this between the wall clock and the clock that never steps is drift, not a step. */
const STEP_NOTICED_MS = 1000;

/**
 * How far the wall clock stepped back since the last look (a corrected time, a resumed VM), as a
 * negative number of ms, or 0: compared with the clock that never steps.
 */
export class WallClockSteps {
  private last: { wall: number; elapsed: number } | null = null;
  constructor(private readonly clock: Clock) {}

  stepBack(): number {
    const look = { wall: this.clock.now(), elapsed: elapsedOn(this.clock) };
    const last = this.last;
    this.last = look;
    if (!last) return 0;
    const step = look.wall - last.wall - (look.elapsed - last.elapsed);
    return step > -STEP_NOTICED_MS ? 0 : step;
  }
}

/**
 * Full-jitter exponential backoff: a random wait up to base·2^attempt, capped. A server's
 * Retry-After wins over it, up to the cap parseRetryAfter applies (10 minutes).
 */
export function backoffDelay(
  attempt: number,
  options: { baseMs: number; capMs: number; retryAfterMs?: number; random?: () => number },
): number {
  if (options.retryAfterMs !== undefined) return options.retryAfterMs;
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.round((options.random ?? Math.random)() * ceiling);
}

/** A 32-bit random_id from a cryptographic source, never 0 (0 means "none" to the API). */
export function cryptoRandomId(): number {
  const buf = new Uint32Array(1);
  do globalThis.crypto.getRandomValues(buf);
  while (buf[0]! >>> 1 === 0);
  // A signed 32-bit field on the platform (docs/api-decisions.md, "random_id"): 1 to 2^31 - 1.
  return buf[0]! >>> 1;
}
