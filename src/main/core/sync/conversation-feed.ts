import { compareIds } from '../../../shared/api/ids';
import type { ConversationPart, Id } from '../../../shared/api/types';
import { Emitter } from '../../../shared/emitter';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Clock } from '../ports';

/** How often a failing feed tries again at most. */
const TROUBLE_PROBE_MS = 2000;

export interface FeedEvents {
  parts: { conversationId: Id; parts: ConversationPart[] };
  /** Whether the last read of the open conversation failed (null: it worked, or nothing is open). */
  trouble: unknown;
}

/**
 * The parts of the conversation on screen: the latest page on open, then quick polls with
 * the `after` cursor on part IDs. Parts from polls and from reply responses are merged by ID.
 */
export class ConversationFeed {
  readonly events = new Emitter<FeedEvents>();
  private conversationId: Id | null = null;
  private parts = new Map<Id, ConversationPart>();
  private timer: unknown = null;
  private generation = 0;
  private intervalMs: number | null;

  constructor(private readonly options: { api: ApiClient; clock: Clock; intervalMs: number; pageSize?: number }) {
    this.intervalMs = options.intervalMs;
  }

  /** Takes effect from the next poll; null pauses polling of the open conversation. */
  setInterval(ms: number | null): void {
    const resume = this.intervalMs === null && ms !== null;
    this.intervalMs = ms;
    if (resume && this.conversationId !== null && this.timer === null) this.schedule(this.generation);
  }

  get activeId(): Id | null {
    return this.conversationId;
  }

  async open(conversationId: Id): Promise<{ parts: ConversationPart[]; hasOlder: boolean }> {
    this.close();
    const generation = ++this.generation;
    this.conversationId = conversationId;
    this.loaded = false;
    let page;
    try {
      page = await this.watch(
        this.options.api.listParts(conversationId, {
          direction: 'before',
          order: 'asc',
          count: this.options.pageSize ?? 50,
        }),
      );
    } catch (error) {
      // Keep probing, so the status learns when the server is back and the renderer can open it again;
      // a conversation the server does not have is not coming back, and there is nothing to probe.
      if (generation === this.generation && !isMissing(error)) this.schedule(generation);
      throw error;
    }
    const result = { parts: page.items, hasOlder: Boolean(page.meta.next_before_position) };
    if (generation !== this.generation) return result;
    this.parts = new Map(page.items.map((p) => [p.id, p]));
    this.loaded = true;
    this.schedule(generation);
    return result;
  }

  /** A page of parts before `beforePartId`, oldest first; they join the known parts. */
  async older(conversationId: Id, beforePartId: Id): Promise<{ parts: ConversationPart[]; hasOlder: boolean }> {
    const page = await this.options.api.listParts(conversationId, {
      position: [beforePartId],
      direction: 'before',
      order: 'asc',
      count: this.options.pageSize ?? 50,
    });
    if (conversationId === this.conversationId) for (const p of page.items) this.parts.set(p.id, p);
    return { parts: page.items, hasOlder: Boolean(page.meta.next_before_position) };
  }

  close(): void {
    this.generation += 1;
    this.conversationId = null;
    this.parts.clear();
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.report(null);
  }

  /** Adds parts that arrived some other way (a reply's response); emits only new ones. */
  add(conversationId: Id, parts: ConversationPart[]): ConversationPart[] {
    if (conversationId !== this.conversationId) return [];
    const fresh = parts.filter((p) => !this.parts.has(p.id));
    for (const p of fresh) this.parts.set(p.id, p);
    if (fresh.length) this.events.emit('parts', { conversationId, parts: fresh });
    return fresh;
  }

  async pollOnce(): Promise<void> {
    const conversationId = this.conversationId;
    if (conversationId === null) return;
    if (!this.loaded) {
      // The first read failed: only learn whether the server answers again (the renderer reopens).
      await this.watch(this.options.api.listParts(conversationId, { direction: 'before', order: 'asc', count: 1 }));
      return;
    }
    const newest = [...this.parts.keys()].reduce((a, b) => (compareIds(a, b) >= 0 ? a : b), '0');
    const page = await this.watch(
      this.options.api.listParts(conversationId, {
        position: [newest],
        direction: 'after',
        order: 'asc',
        count: this.options.pageSize ?? 50,
      }),
    );
    this.add(conversationId, page.items);
  }

  private troubled = false;
  /** The latest page of the open conversation was read (false while the first read fails). */
  private loaded = false;

  /** Reports the outcome of a read, so the status shows a failing conversation feed too. */
  private async watch<T>(read: Promise<T>): Promise<T> {
    try {
      const result = await read;
      this.report(null);
      return result;
    } catch (error) {
      // The server answered that the conversation does not exist: the server is fine, so the
      // account's health is too (the conversation pane says the conversation is missing).
      this.report(isMissing(error) ? null : error);
      throw error;
    }
  }

  private report(error: unknown): void {
    if (error === null && !this.troubled) return;
    this.troubled = error !== null;
    this.events.emit('trouble', error);
  }

  private schedule(generation: number): void {
    this.timer = null;
    if (this.intervalMs === null) return;
    // While reads fail the feed checks often (even beside a realtime stream), so recovery shows soon.
    const delay = this.troubled ? Math.min(this.intervalMs, TROUBLE_PROBE_MS) : this.intervalMs;
    this.timer = this.options.clock.setTimeout(async () => {
      if (generation !== this.generation) return;
      try {
        await this.pollOnce();
      } catch (error) {
        // Reported through `trouble`; the feed simply tries again on its next tick, unless the
        // conversation is gone from the server (removed while open): then there is nothing to poll.
        if (isMissing(error)) return;
      }
      if (generation === this.generation) this.schedule(generation);
    }, delay);
  }
}

/** The server's answer that the conversation does not exist (404 or LookupError). */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'not-found';
}
