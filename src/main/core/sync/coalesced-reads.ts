import type { Id } from '../../../shared/api/types';
import type { Clock } from '../ports';

export interface CoalescedReadsOptions {
  read(id: Id): Promise<unknown>;
  /** Whether the agent has this conversation: in the inbox, or on screen. */
  known(id: Id): boolean;
  /** Asks for a poll of the inbox: what the reads left out, it finds. */
  poll(): void;
  clock: Clock;
  /** Reads under way at once. */
  maxRunning?: number;
  /** Conversations waiting for a read; past that, the poll takes them all. */
  maxWaiting?: number;
  /**
   * Reads of conversations the agent does not have yet (a visitor starting a chat, or a name a
   * hostile server made up): this many at once, then one a second; past that, the poll finds them.
   */
  unknownBurst?: number;
  unknownPerSecond?: number;
  /** The polls these reads ask for, at most one per this many ms. */
  pollEveryMs?: number;
}

/** Counts of what the bounds turned away, for the bad-input run and Diagnostics. */
export interface CoalescedReadsCounts {
  read: number;
  leftToPoll: number;
  pollsAsked: number;
}

/**
 * Reads of conversations named by realtime messages. One conversation asked for many times in
 * a row (a burst of messages, a duplicate) becomes one read under way and at most one after it:
 * the last read always starts after the last ask, so it sees what that ask announced. However
 * many conversations a server names, a few are read at a time, a bounded number wait, and
 * conversations the agent does not have are read only a few at a time; the rest is left to one
 * poll of the inbox, which finds every change since the last.
 */
export class CoalescedReads {
  private readonly running = new Set<Id>();
  private readonly again = new Set<Id>();
  /** Waiting for a free place, oldest first (a Set keeps its order). */
  private readonly waiting = new Set<Id>();
  /** Reads of unknown conversations that may start now: a bucket refilled as time passes. */
  private unknownBucket: { tokens: number; at: number } | null = null;
  private lastPollAt = -Infinity;
  private pollTimer: unknown = null;
  readonly counts: CoalescedReadsCounts = { read: 0, leftToPoll: 0, pollsAsked: 0 };

  constructor(private readonly options: CoalescedReadsOptions) {}

  request(id: Id): void {
    if (this.running.has(id)) {
      this.again.add(id);
      return;
    }
    if (this.waiting.has(id)) return;
    if (!this.options.known(id) && !this.takeUnknown()) return this.leaveToPoll();
    if (this.running.size < (this.options.maxRunning ?? 4)) return this.start(id);
    if (this.waiting.size < (this.options.maxWaiting ?? 20)) return void this.waiting.add(id);
    this.leaveToPoll();
  }

  /** Reads under way and waiting, for the bounds' tests. */
  get pending(): number {
    return this.running.size + this.waiting.size;
  }

  stop(): void {
    this.waiting.clear();
    this.again.clear();
    if (this.pollTimer !== null) this.options.clock.clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private start(id: Id): void {
    this.running.add(id);
    this.counts.read += 1;
    void this.options
      .read(id)
      .catch(() => this.leaveToPoll())
      .finally(() => {
        this.running.delete(id);
        if (this.again.delete(id)) return this.start(id);
        const next = this.waiting.values().next();
        if (!next.done) {
          this.waiting.delete(next.value);
          this.start(next.value);
        }
      });
  }

  /**
   * A conversation the agent does not have yet is read at once while new chats come at a human
   * pace (a burst of 20, then one a second); a flood of made-up IDs costs no more than that.
   */
  private takeUnknown(): boolean {
    const now = this.options.clock.now();
    const burst = this.options.unknownBurst ?? 20;
    const perMs = (this.options.unknownPerSecond ?? 1) / 1000;
    const bucket = this.unknownBucket ?? { tokens: burst, at: now };
    // A clock stepped back refills nothing; forward, at most up to the burst.
    bucket.tokens = Math.min(burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    bucket.at = now;
    this.unknownBucket = bucket;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** One poll finds what was left out: asked now, or when the last one is far enough behind. */
  leaveToPoll(): void {
    this.counts.leftToPoll += 1;
    if (this.pollTimer !== null) return;
    const clock = this.options.clock;
    const wait = Math.max(0, this.lastPollAt + (this.options.pollEveryMs ?? 5000) - clock.now());
    this.pollTimer = clock.setTimeout(() => {
      this.pollTimer = null;
      this.lastPollAt = clock.now();
      this.counts.pollsAsked += 1;
      this.options.poll();
    }, wait);
  }
}
