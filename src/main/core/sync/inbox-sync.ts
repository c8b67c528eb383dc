import type { Conversation, CursorPosition, Id } from '../../../shared/api/types';
import type { RealtimeStatus } from '../../../shared/realtime';
import { Emitter } from '../../../shared/emitter';
import {
  seenMarkOf,
  unreadTotals,
  type InboxRow,
  type SeenMark,
  type SyncHealth,
  type SyncTrouble,
} from '../../../shared/inbox';
import type { InboxChange, InboxSnapshot, SyncProgress } from '../../../shared/ipc/contract';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { troubleBackoffCeiling } from '../attention/cadence';
import type { Clock } from '../ports';
import type { MergeSource } from './inbox-rules';
import { InboxContents, type FoundVisitorMessage } from './inbox-contents';
import type { InboxCacheState } from '../storage/inbox-cache-schema';
import { InboxHealth } from './inbox-health';
import { readSince, readWholeInbox, type InboxReader } from './inbox-reads';
import { InboxSweep } from './inbox-sweep';

export interface InboxSyncEvents {
  change: InboxChange;
  /** `waitingSince`: the visitor's wait started then (whole seconds): an earlier unanswered message, or this one. */
  'visitor-message': FoundVisitorMessage;
  health: SyncHealth;
}

export interface InboxSyncOptions {
  api: ApiClient;
  clock: Clock;
  adminId: Id;
  intervalMs: number;
  pageSize?: number;
  random?: () => number;
  /** The conversation the agent is looking at right now, if any: it counts as read as it changes. */
  lookingAt?: () => Id | null;
  /** Conversations the agent snoozed: out of the unread totals and the longest wait until they come back. */
  snoozed?: (id: Id) => boolean;
  /** Conversation reads the background sweep spends per poll (default SWEEP_READS_PER_POLL). */
  sweepReadsPerPoll?: number;
}

export type { MergeSource } from './inbox-rules';
export type { InboxCacheState };

/**
 * Keeps the inbox of one application: a full read at start, then polls with the `after`
 * cursor, so an idle poll is one request returning an empty page. The cursor is only ever a
 * position the server named in a page's meta: objects show whole seconds while positions are
 * finer (docs/api-decisions.md, "Pages"), so a position built from an object would read the
 * last second again on every poll, or miss what shares it.
 */
export class InboxSync {
  readonly events = new Emitter<InboxSyncEvents>();
  /** The conversations, their rows, seen marks and unread totals. */
  private readonly contents: InboxContents;
  private cursor: CursorPosition | null = null;
  private timer: unknown = null;
  private running = false;
  private synced = false;
  private intervalMs: number | null;
  private progress: SyncProgress = { loaded: 0, done: false };
  private lastRunAt = 0;
  /** When the next run is due (null while one is under way or none is planned). */
  private nextRunAt: number | null = null;
  /** A run is under way: a nudge then only asks for another run when it ends, never a second loop. */
  private inFlight = false;
  private runAgain = false;
  /** Every read is numbered when it is sent, so a slow answer never undoes a later one. */
  private readSeq = 0;
  private readonly sweep: InboxSweep;
  /** How the page reads of inbox-reads.ts reach this inbox. */
  private readonly reader: InboxReader;
  private readonly state: InboxHealth;
  private realtime: RealtimeStatus = 'off';

  constructor(private readonly options: InboxSyncOptions) {
    this.intervalMs = options.intervalMs;
    this.contents = new InboxContents(options.adminId, {
      freshened: (id) => this.sweep.fresh(id),
      visitorMessage: (found) => this.events.emit('visitor-message', found),
      snoozed: options.snoozed,
    });
    this.state = new InboxHealth(options.clock, (health) => {
      this.events.emit('health', health);
      this.emitChange([]);
    });
    this.reader = {
      api: options.api,
      pageSize: options.pageSize ?? 50,
      nextRead: () => this.nextRead(),
      counted: (kept, skipped) => this.state.countRead(kept, skipped),
      merge: (items, source, seq) => this.merge(items, source, seq),
    };
    this.sweep = new InboxSweep({
      api: options.api,
      clock: options.clock,
      readsPerPoll: options.sweepReadsPerPoll,
      read: () => this.nextRead(),
      merge: (items, seq) => this.merge(items, 'sweep', seq),
      forget: (id) => this.forget(id),
    });
  }

  /** The conversations the agent can see (the open one, the rows on screen): the sweep reads them first. */
  setViewing(ids: Id[]): void {
    this.sweep.setViewing(ids);
  }

  /**
   * Changes the poll interval (null pauses polling). A shorter interval takes effect at once,
   * counted from the last poll, so focusing the window brings the next poll forward.
   */
  setInterval(ms: number | null): void {
    if (ms === this.intervalMs) return;
    this.intervalMs = ms;
    // A run under way schedules the next one with the new interval when it ends.
    if (!this.running || this.state.failures > 0 || this.inFlight) return;
    this.clearTimer();
    // Never later than one interval from now: a wall clock stepped back (a corrected time, a
    // resumed VM) would otherwise push the next poll back by the whole step.
    if (ms !== null) this.schedule(Math.min(ms, Math.max(0, this.lastRunAt + ms - this.options.clock.now())));
  }

  /** What a restart needs to show the inbox at once and resume from the same cursor. */
  exportState(): InboxCacheState {
    // A first read cut short keeps no cursor: the next start reads everything again.
    return {
      cursor: this.progress.done ? this.cursor : null,
      conversations: [...this.contents.conversations.values()],
      seenAt: [...this.contents.seenAt].map(([id, mark]) => [id, mark.at, mark.part]),
    };
  }

  /** Shows a cached inbox; the next run catches up with the cursor instead of reading everything. */
  restore(state: InboxCacheState): void {
    for (const [id, at, part] of state.seenAt) this.contents.seenAt.set(id, { at, part: part ?? null });
    this.merge(state.conversations, 'restore', 0);
    this.cursor = state.cursor;
    this.synced = state.cursor !== null;
    if (this.synced) this.progress = { loaded: state.conversations.length, done: true };
  }

  snapshot(): InboxSnapshot {
    const rows = this.contents.sortedRows();
    const totals = unreadTotals(rows, this.options.adminId, this.options.snoozed);
    return {
      rows,
      totals,
      health: this.health,
      progress: this.progress,
      trouble: this.trouble,
      realtime: this.realtime,
      freshness: this.state.freshness(),
    };
  }

  /** Since when (whole seconds) the visitor of the longest-waiting unread open conversation has waited, or null. */
  longestWaitSince(): number | null {
    return this.contents.longestWaitSince();
  }

  /** A good answer from the server (a poll that worked, a realtime message): the account is fresh. */
  heardGood(): void {
    this.state.heardGood(this.intervalMs ?? this.options.intervalMs);
  }

  /** How the account hears of changes besides polling: told by the workspace, shown with the status. */
  setRealtime(status: RealtimeStatus): void {
    if (status === this.realtime) return;
    this.realtime = status;
    this.emitChange([]);
  }

  get health(): SyncHealth {
    return this.state.health;
  }

  /** Why the account cannot sync, since when and when it tries again; null while it syncs. */
  get trouble(): SyncTrouble | null {
    return this.state.trouble(this.nextRunAt);
  }

  /**
   * Another request to the server was answered (a write, the open conversation, the directory):
   * after failures the inbox polls now instead of at the end of its backoff, unless the server
   * asked for a pause (Retry-After).
   */
  serverAnswered(): void {
    if (!this.running || this.inFlight || this.state.failures === 0 || this.state.held) return;
    this.pollSoon();
  }

  conversation(id: Id): Conversation | undefined {
    return this.contents.conversations.get(id);
  }

  row(id: Id): InboxRow | undefined {
    return this.contents.rows.get(id);
  }

  /** When the agent last saw a conversation, if ever. */
  seenAtOf(id: Id): SeenMark | undefined {
    return this.contents.seenAt.get(id);
  }

  /** The agent has seen these conversations as they are now: their unread counts drop to zero. */
  markSeen(...ids: Id[]): void {
    const seen = ids
      .map((id) => this.contents.conversations.get(id))
      .filter((c): c is NonNullable<typeof c> => c !== undefined);
    if (seen.length === 0) return;
    for (const conversation of seen) this.contents.seenAt.set(conversation.id, seenMarkOf(conversation));
    this.merge(seen, 'seen');
  }

  /**
   * Reads the whole inbox page by page, newest first, showing each page as it arrives; the
   * polls start where its first page ends (inbox-reads.ts).
   */
  async initialSync(): Promise<void> {
    this.cursor = await readWholeInbox(this.reader, (loaded) => (this.progress = { loaded, done: false }));
    this.progress = { loaded: this.progress.loaded, done: true };
    this.emitChange([]);
  }

  /** One poll: every conversation updated since the cursor, oldest first, page by page. */
  async pollOnce(): Promise<number> {
    return readSince(this.reader, {
      get: () => this.cursor,
      set: (position) => (this.cursor = position),
    });
  }

  /**
   * Whole conversations delivered from outside a read. They never move the poll cursor: what
   * they missed, the next poll still finds.
   */
  ingest(conversations: Conversation[]): void {
    this.merge(conversations, 'stream');
  }

  /**
   * Reads one conversation now: for changes the cursor cannot see (tags) and unknown IDs. It
   * leaves the cursor where it is, so the next poll still finds everything since the last one.
   */
  async refresh(id: Id): Promise<void> {
    const seq = this.nextRead();
    try {
      const conversation = await this.options.api.getConversation(id);
      this.merge([conversation], 'refresh', seq);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'not-found') this.forget(id);
      throw error;
    }
  }

  /** A conversation the server no longer has (it was removed) leaves the inbox and its counts. */
  forget(id: Id): void {
    if (this.contents.forget(id)) this.emitChange([], [id]);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.run();
  }

  stop(): void {
    this.running = false;
    this.clearTimer();
  }

  /** Polls now instead of at the next tick (window focus, network back, resume). */
  pollSoon(): void {
    if (!this.running) return;
    if (this.inFlight) {
      this.runAgain = true;
      return;
    }
    this.clearTimer();
    this.schedule(0);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.nextRunAt = null;
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.nextRunAt = this.options.clock.now() + delay;
    this.timer = this.options.clock.setTimeout(() => void this.run(), delay);
  }

  private nextRead(): number {
    return ++this.readSeq;
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.nextRunAt = null;
    if (!this.running || this.inFlight) return;
    this.inFlight = true;
    this.runAgain = false;
    this.lastRunAt = this.options.clock.now();
    try {
      const delay = await this.runOnce();
      if (!this.running || delay === null) return;
      this.schedule(this.runAgain && this.state.failures === 0 ? 0 : delay);
      // The banner says when the next try is; an idle inbox still says now and then that it is fresh.
      if (this.trouble || this.state.freshnessNews) this.emitChange([]);
    } finally {
      this.inFlight = false;
    }
  }

  /** One initial read or poll (and the sweep's share after it); the delay to the next, or null. */
  private async runOnce(): Promise<number | null> {
    let delay = this.intervalMs;
    this.state.runStarted();
    const wasSynced = this.synced;
    try {
      if (this.synced) {
        await this.pollOnce();
        await this.sweep.afterPoll();
      } else {
        await this.initialSync();
        this.synced = true;
      }
      this.state.runSucceeded(!wasSynced);
      this.heardGood();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('malformed', String(error));
      if (apiError.kind === 'auth') {
        this.state.signedOut();
        this.running = false;
        return null;
      }
      // Full jitter, capped at TROUBLE_BACKOFF_CAP_MS; a server's Retry-After is honoured whatever its length.
      const retryAfter = apiError.details.retryAfterMs;
      this.state.runFailed(apiError, retryAfter);
      const ceiling = troubleBackoffCeiling(this.state.failures, this.intervalMs ?? this.options.intervalMs);
      delay = retryAfter ?? Math.round((this.options.random ?? Math.random)() * ceiling);
    }
    return delay;
  }

  /**
   * Another reader (the open conversation's feed) failed or works again. The status shows
   * the worse of the two, and the inbox poll checks at once rather than at its next tick
   * (30 s apart while the realtime stream is open).
   */
  reportTrouble(error: unknown): void {
    const apiError =
      error === null ? null : error instanceof ApiError ? error : new ApiError('malformed', String(error));
    if (apiError?.kind === 'auth') return; // the inbox poll notices a refused token itself
    if (this.state.reportOutside(apiError)) this.pollSoon();
  }

  private merge(items: Conversation[], source: MergeSource, seq = this.nextRead()): void {
    if (items.length === 0) return;
    const upserted = this.contents.merge(items, source, seq, this.options.lookingAt?.() ?? null);
    if (upserted.length > 0) this.emitChange(upserted);
  }

  /** Sends these rows again as changed (something Perch keeps beside them changed, e.g. a snooze). */
  touch(ids: Id[]): void {
    const rows = this.contents.rowsOf(ids);
    // A snooze begun or ended moves the row in or out of the totals.
    for (const row of rows) this.contents.unread.update(row);
    if (rows.length > 0) this.emitChange(rows);
  }

  private emitChange(upserted: InboxRow[], removed: Id[] = []): void {
    this.events.emit('change', {
      upserted,
      removed,
      totals: this.contents.unread.totals,
      health: this.health,
      progress: this.progress,
      trouble: this.trouble,
      realtime: this.realtime,
      freshness: this.state.freshness(),
    });
  }
}
