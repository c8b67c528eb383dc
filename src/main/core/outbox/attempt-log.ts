import type { ApiError } from '../api/errors';
import type { ScopedLog } from '../ports';
import type { OutboxItem } from './types';

/** One failed attempt of a write, as the log keeps it: which item, what failed, what happens next (never its text). */
export function logFailedAttempt(log: ScopedLog, item: OutboxItem, error: ApiError, now: number): void {
  log.warn('attempt failed', {
    id: item.id,
    action: item.action.kind,
    conversationId: item.action.conversationId,
    errorKind: error.kind,
    status: error.details.status,
    tries: item.tries,
    state: item.state,
    retryInMs: item.state === 'pending' ? item.nextAttemptAt - now : undefined,
  });
}
