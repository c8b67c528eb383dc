import type { Conversation, CursorPosition, Id } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Clock } from '../clock';

/**
 * Conversation reads the sweep may spend per completed poll. A first-page poller reads 20
 * conversations a poll; 0.5 keeps the sweep at 2.5 % of that, so Perch's idle traffic (an
 * empty page per poll plus the sweep) stays near 4 % of the naive poller's (bench:sync).
 */
export const SWEEP_READS_PER_POLL = 0.5;
/** Conversations per page of the rotation through the whole inbox. */
export const ROTATION_PAGE = 10;
/** A single conversation read costs about one and a half conversations read in a page. */
const SINGLE_READ_COST = 1.5;
/** A conversation the agent can see is read again once its copy is this old. */
export const VIEWED_STALE_MS = 110_000;
/** Unspent budget is capped, so a long quiet stretch does not end in a burst of reads. */
const MAX_BUDGET = ROTATION_PAGE * 2;

export interface InboxSweepOptions {
  api: ApiClient;
  clock: Clock;
  readsPerPoll?: number;
  /** Applies what the sweep read (it never moves the poll cursor). */
  merge(conversations: Conversation[]): void;
}

const ALL = { includeNotAssigned: true } as const;

/**
 * Re-reads the inbox in the background, a little after each poll, to converge what an `after`
 * poll never sees: changes that add no part, such as tags. Two lanes share a fixed budget:
 * the conversations the agent can see (the open one and the rows on screen) are read again
 * once their copy is {@link VIEWED_STALE_MS} old; the rest of the budget walks the whole inbox
 * a page at a time, newest to oldest, and starts over at the top.
 */
export class InboxSweep {
  private budget = 0;
  private rotation: CursorPosition | undefined;
  private readonly readAt = new Map<Id, number>();
  private viewing: Id[] = [];

  constructor(private readonly options: InboxSweepOptions) {}

  /** The conversations the agent can see now; they converge first. */
  setViewing(ids: Id[]): void {
    this.viewing = [...new Set(ids)];
  }

  /** Spends what one poll earned: at most a page of the rotation or a few single reads. */
  async afterPoll(): Promise<void> {
    this.budget = Math.min(MAX_BUDGET, this.budget + (this.options.readsPerPoll ?? SWEEP_READS_PER_POLL));
    const now = this.options.clock.now();
    const stale = this.viewing.filter((id) => now - (this.readAt.get(id) ?? -Infinity) >= VIEWED_STALE_MS);
    stale.sort((a, b) => (this.readAt.get(a) ?? -Infinity) - (this.readAt.get(b) ?? -Infinity));
    for (const id of stale) {
      if (this.budget < SINGLE_READ_COST) return;
      this.budget -= SINGLE_READ_COST;
      this.readAt.set(id, now);
      const conversation = await this.readOne(id);
      if (conversation) this.options.merge([conversation]);
    }
    if (this.budget < ROTATION_PAGE) return;
    this.budget -= ROTATION_PAGE;
    const page = await this.options.api.listConversations(ALL, { position: this.rotation, direction: 'before', count: ROTATION_PAGE });
    for (const conversation of page.items) this.readAt.set(conversation.id, now);
    this.options.merge(page.items);
    const next = page.meta.next_before_position;
    this.rotation = next && page.items.length === ROTATION_PAGE ? next : undefined;
  }

  /** One conversation; one that is gone or no longer this token's is simply not watched any more. */
  private async readOne(id: Id): Promise<Conversation | null> {
    try {
      return await this.options.api.getConversation(id);
    } catch (error) {
      if (!(error instanceof ApiError) || (error.kind !== 'not-found' && error.kind !== 'permission')) throw error;
      this.viewing = this.viewing.filter((viewed) => viewed !== id);
      return null;
    }
  }
}
