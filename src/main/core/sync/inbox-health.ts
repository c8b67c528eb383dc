import type { SyncHealth, SyncTrouble } from '../../../shared/inbox';
import type { ApiError } from '../api/errors';
import type { Clock } from '../ports';
import { staleAfterMs, UP_TO_DATE_MS, type SyncFreshness } from '../../../shared/freshness';

/** How often an idle inbox tells the window it is still fresh: well within "up to date". */
const FRESHNESS_NEWS_MS = UP_TO_DATE_MS / 3;

const healthOfFailure = (error: ApiError): SyncHealth =>
  error.kind === 'network' || error.kind === 'timeout' ? 'offline' : 'degraded';

/**
 * How an account's inbox syncs, as the status and the trouble banner say it: the inbox's own
 * reads, the trouble another reader reports (the open conversation's feed), and whether most
 * items of the reads failed their check. InboxSync decides when to read; this says how it went.
 */
export class InboxHealth {
  health: SyncHealth = 'starting';
  /** Failed runs in a row: the backoff grows with them. */
  failures = 0;
  /** Since when the account cannot sync. */
  private troubleSince: number | null = null;
  /** A server's Retry-After holds polls until then. */
  private holdUntil = 0;
  private outsideTrouble: SyncHealth | null = null;
  /** Items kept and left out by this run's reads; the verdict of the last run that read any. */
  private runKept = 0;
  private runSkipped = 0;
  private mostlySkipped = false;
  private lastGoodAt: number | null = null;
  private staleAt: number | null = null;
  /** The last good answer the window was told of: an idle inbox tells it again now and then. */
  private announcedGoodAt: number | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly changed: (health: SyncHealth) => void,
  ) {}

  /** Why the account cannot sync, since when, and when it tries again; null while it syncs. */
  trouble(nextTryAt: number | null): SyncTrouble | null {
    if (this.troubleSince === null || (this.health !== 'offline' && this.health !== 'degraded')) return null;
    const kind = this.health === 'offline' ? 'offline' : 'server';
    return { kind, since: this.troubleSince, failures: this.failures, nextTryAt };
  }

  /** A good answer (a poll that worked, a realtime message) with the poll interval then in force. */
  heardGood(pollIntervalMs: number): void {
    this.lastGoodAt = this.clock.now();
    this.staleAt = this.lastGoodAt + staleAfterMs(pollIntervalMs);
  }

  /** When the account last heard a good answer, for the status; reading it counts as telling the window. */
  freshness(): SyncFreshness {
    this.announcedGoodAt = this.lastGoodAt;
    return { lastGoodAt: this.lastGoodAt, staleAt: this.staleAt };
  }

  /** An idle inbox sends no change: this says when the window should hear the newer good answer anyway. */
  get freshnessNews(): boolean {
    if (this.lastGoodAt === null) return false;
    return this.announcedGoodAt === null || this.lastGoodAt - this.announcedGoodAt >= FRESHNESS_NEWS_MS;
  }

  /** The server asked for a pause that has not ended: nothing polls before it does. */
  get held(): boolean {
    return this.clock.now() < this.holdUntil;
  }

  runStarted(): void {
    this.runKept = 0;
    this.runSkipped = 0;
  }

  countRead(kept: number, skipped: number): void {
    this.runKept += kept;
    this.runSkipped += skipped;
  }

  /** Every read of the run worked. */
  runSucceeded(firstRead: boolean): void {
    this.failures = 0;
    this.holdUntil = 0;
    if (this.outsideTrouble === null) this.troubleSince = null;
    // An inbox whose items mostly fail their check is no "ok", though every request worked:
    // judged on the first read, and cleared once a poll brings items that read well.
    if (firstRead) this.mostlySkipped = this.runSkipped > this.runKept;
    else if (this.runKept > 0) this.mostlySkipped = false;
    this.set(this.outsideTrouble ?? (this.mostlySkipped ? 'degraded' : 'ok'));
  }

  /** A read of the run failed (not a refused token: see signedOut). */
  runFailed(error: ApiError, retryAfterMs: number | undefined): void {
    this.failures += 1;
    this.troubleSince ??= this.clock.now();
    this.set(healthOfFailure(error));
    if (retryAfterMs !== undefined) this.holdUntil = this.clock.now() + retryAfterMs;
  }

  signedOut(): void {
    this.set('signed-out');
  }

  /**
   * Another reader failed (an error) or works again (null). The status shows the worse of the
   * two. True when the inbox should check at once rather than at its next tick.
   */
  reportOutside(error: ApiError | null): boolean {
    const trouble = error === null ? null : healthOfFailure(error);
    if (trouble === this.outsideTrouble) return false;
    this.outsideTrouble = trouble;
    if (trouble === null) return this.health === 'offline' || this.health === 'degraded';
    this.troubleSince ??= this.clock.now();
    if (this.health === 'ok') this.set(trouble);
    return this.failures === 0;
  }

  private set(health: SyncHealth): void {
    if (health === 'ok' || health === 'signed-out') this.troubleSince = null;
    if (health === this.health) return;
    this.health = health;
    this.changed(health);
  }
}
