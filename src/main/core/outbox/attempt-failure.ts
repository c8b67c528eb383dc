import { ApiError } from '../api/errors';
import { backoffDelay } from '../runtime/clock';
import { failureOf } from './reconcile';
import type { OutboxItem } from './types';

/** The longest wait between attempts while the server cannot be reached. */
const OFFLINE_BACKOFF_CAP_MS = 30_000;

/** How the outbox retries: its options' share of the decision. */
export interface RetryPolicy {
  maxAttempts?: number;
  baseDelayMs?: number;
  random?: () => number;
}

/**
 * Writes a failed attempt into its item (error, tries, ambiguity, state, next attempt) and
 * returns the error as an ApiError; an `auth` error leaves the item pending for the outbox to pause.
 */
export function recordFailedAttempt(item: OutboxItem, error: unknown, policy: RetryPolicy, now: number): ApiError {
  const e = error instanceof ApiError ? error : new ApiError('malformed', String(error));
  item.lastError = e.message;
  item.failure = failureOf(e);
  // Every failed attempt, offline ones too: the agent reads "attempt 3".
  item.tries = (item.tries ?? 0) + 1;
  // A write whose answer was lost or garbled may have landed.
  item.ambiguous ||= e.ambiguous || e.kind === 'malformed';
  if (e.kind === 'auth') {
    item.state = 'pending';
  } else if (e.retryable || e.kind === 'malformed') {
    const offline = e.kind === 'network' || e.kind === 'timeout';
    if (!offline) item.attempts += 1;
    item.state = item.attempts >= (policy.maxAttempts ?? 12) ? 'failed' : 'pending';
    // Offline failures spend no attempt, but they still back off (to half a minute at most):
    // a server that drops every connection is not asked again every second. The network's
    // return and the inbox's recovery send at once anyway (the outbox's resume).
    const delay = backoffDelay(offline ? item.tries : item.attempts, {
      baseMs: policy.baseDelayMs ?? 1000,
      capMs: offline ? OFFLINE_BACKOFF_CAP_MS : 60_000,
      retryAfterMs: e.details.retryAfterMs,
      random: policy.random,
    });
    item.nextAttemptAt = now + delay;
  } else {
    item.state = 'failed';
  }
  return e;
}
