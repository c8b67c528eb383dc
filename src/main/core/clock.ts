/** Time as the core sees it; tests pass a fake one to step through schedules. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Full-jitter exponential backoff: a random wait up to base·2^attempt, capped. A server's
 * Retry-After wins over it, however long it is.
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
