import type { Conversation, CursorPosition, Id } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Clock } from '../ports';
import { elapsedOn } from '../runtime/clock';

/**
 * Conversation reads the sweep may spend per completed poll. A first-page poller reads 20
 * conversations a poll; 0.5 keeps the sweep at 2.5 % of that, so Perch's idle traffic (an
 * empty page per poll plus the sweep) stays near 4 % of the naive poller's (bench:sync).
 */
export const SWEEP_READS_PER_POLL = 0.5;
/** The share of the budget the rows on screen may take; the rest always walks the whole inbox. */
export const VIEWED_SHARE = 2 / 3;
/** Conversations per page of the rotation through the whole inbox. */
export const ROTATION_PAGE = 10;
/** A single conversation read costs about one and a half conversations read in a page. */
export const SINGLE_READ_COST = 1.5;
/** A conversation on screen is read again once Perch's copy is this old. */
export const VIEWED_STALE_MS = 100_000;
/** Unspent budget is capped, so a long quiet stretch does not end in a burst of reads. */
const MAX_BUDGET = ROTATION_PAGE * 2;

export interface InboxSweepOptions {
  api: ApiClient;
  clock: Clock;
  readsPerPoll?: number;
  /** Numbers a read when it is sent, so its answer cannot undo a later one. */
  read(): number;
  /** Applies what the sweep read (it never moves the poll cursor). */
  merge(conversations: Conversation[], seq: number): void;
  /** A conversation the server no longer knows (removed: 400 LookupError) leaves the inbox. */
  forget(id: Id): void;
}

const ALL = { includeNotAssigned: true } as const;

/**
 * Re-reads the inbox in the background, a little after each poll, to converge what an `after`
 * poll never sees: changes that add no part, such as tags. Two lanes share a fixed budget. The
 * conversations the agent can see (the open one, the rows on screen) may take up to
 * {@link VIEWED_SHARE} of it, each read again once its copy is {@link VIEWED_STALE_MS} old; the
 * rest, and whatever the screen does not need, walks the whole inbox a page at a time, newest
 * to oldest, and starts over at the top. A failed background read is not a failed poll: the
 * sweep waits for the next one.
 */
export class InboxSweep {
  private viewedBudget = 0;
  private rotationBudget = 0;
  private rotation: CursorPosition | undefined;
  /** When Perch last had a fresh copy of a conversation, from any read, on the clock that never steps. */
  private readonly freshAt = new Map<Id, number>();
  private viewing: Id[] = [];

  constructor(private readonly options: InboxSweepOptions) {}

  /** The conversations the agent can see now (none while the window is out of sight). */
  setViewing(ids: Id[]): void {
    this.viewing = [...new Set(ids)];
  }

  /** A poll, a re-read or the stream just brought this conversation: the sweep need not. */
  fresh(id: Id): void {
    this.freshAt.set(id, elapsedOn(this.options.clock));
  }

  /** Spends what one poll earned. */
  async afterPoll(): Promise<void> {
    const earned = this.options.readsPerPoll ?? SWEEP_READS_PER_POLL;
    // How old a copy is, not what time it is: a wall clock stepped back would keep it fresh for the step.
    const now = elapsedOn(this.options.clock);
    const stale = this.viewing.filter((id) => now - (this.freshAt.get(id) ?? -Infinity) >= VIEWED_STALE_MS);
    if (stale.length > 0) {
      this.viewedBudget = Math.min(MAX_BUDGET, this.viewedBudget + earned * VIEWED_SHARE);
      this.rotationBudget = Math.min(MAX_BUDGET, this.rotationBudget + earned * (1 - VIEWED_SHARE));
    } else {
      this.rotationBudget = Math.min(MAX_BUDGET, this.rotationBudget + earned);
    }
    try {
      await this.readViewed(stale, now);
      await this.readRotation(now);
    } catch (error) {
      // A refused token is the poll's business too; anything else waits for the next poll.
      if (error instanceof ApiError && error.kind === 'auth') throw error;
    }
  }

  private async readViewed(stale: Id[], now: number): Promise<void> {
    stale.sort((a, b) => (this.freshAt.get(a) ?? -Infinity) - (this.freshAt.get(b) ?? -Infinity));
    for (const id of stale) {
      if (this.viewedBudget < SINGLE_READ_COST) return;
      this.viewedBudget -= SINGLE_READ_COST;
      const seq = this.options.read();
      const conversation = await this.readOne(id);
      this.freshAt.set(id, now);
      if (conversation) this.options.merge([conversation], seq);
    }
  }

  private async readRotation(now: number): Promise<void> {
    if (this.rotationBudget < ROTATION_PAGE) return;
    this.rotationBudget -= ROTATION_PAGE;
    const seq = this.options.read();
    const page = await this.options.api.listConversations(ALL, {
      position: this.rotation,
      direction: 'before',
      count: ROTATION_PAGE,
    });
    for (const conversation of page.items) this.freshAt.set(conversation.id, now);
    this.options.merge(page.items, seq);
    const next = page.meta.next_before_position;
    // A page with an item left out for its shape was still full: the walk goes on past it.
    this.rotation = next && page.items.length + (page.skipped ?? 0) === ROTATION_PAGE ? next : undefined;
  }

  /** One conversation; one that is gone, no longer this token's or unreadable is no longer watched. */
  private async readOne(id: Id): Promise<Conversation | null> {
    try {
      return await this.options.api.getConversation(id);
    } catch (error) {
      if (!(error instanceof ApiError) || !['not-found', 'permission', 'malformed'].includes(error.kind)) throw error;
      this.viewing = this.viewing.filter((viewed) => viewed !== id);
      this.freshAt.delete(id);
      if (error.kind === 'not-found') this.options.forget(id);
      return null;
    }
  }
}
