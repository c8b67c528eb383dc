import type { ApiErrorName } from '../../../shared/api/types';

export type ApiErrorKind =
  | 'auth' // 401: the token is wrong, revoked or missing
  | 'permission' // 403: scope missing or another application's data
  | 'not-found'
  | 'bad-request'
  | 'rate-limited' // 429
  | 'server' // 5xx
  | 'network' // connection refused, reset, DNS
  | 'timeout'
  | 'malformed'; // a response that is not the API's envelope

/** Every failure of an API call, typed so callers decide on retry, sign-out or a message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: {
      status?: number;
      apiError?: ApiErrorName | string;
      retryAfterMs?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
  }

  /** Whether sending the same request again later can succeed. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || this.kind === 'server' || this.kind === 'rate-limited';
  }

  /** Whether the server may have applied a write although no answer arrived. */
  get ambiguous(): boolean {
    return (
      this.kind === 'network' || this.kind === 'timeout' || (this.kind === 'server' && this.details.status !== 503)
    );
  }
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/**
 * The longest `Retry-After` Perch honours: 10 minutes. A server asking for longer (days, by
 * mistake or malice) is asked again then, so an agent is never left without sync for long.
 */
export const RETRY_AFTER_MAX_MS = 10 * 60_000;

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `nowMs`, at most {@link RETRY_AFTER_MAX_MS}. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, RETRY_AFTER_MAX_MS);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - nowMs), RETRY_AFTER_MAX_MS);
}
