import type { ConversationPart, Id } from '../../../shared/api/types';
import { Emitter } from '../../../shared/emitter';
import type { ApiClient } from '../api/client';
import type { Clock } from '../clock';

export interface FeedEvents {
  parts: { conversationId: Id; parts: ConversationPart[] };
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
    const page = await this.options.api.listParts(conversationId, { direction: 'before', order: 'asc', count: this.options.pageSize ?? 50 });
    const result = { parts: page.items, hasOlder: Boolean(page.meta.next_before_position) };
    if (generation !== this.generation) return result;
    this.parts = new Map(page.items.map((p) => [p.id, p]));
    this.schedule(generation);
    return result;
  }

  /** A page of parts before `beforePartId`, oldest first; they join the known parts. */
  async older(conversationId: Id, beforePartId: Id): Promise<{ parts: ConversationPart[]; hasOlder: boolean }> {
    const page = await this.options.api.listParts(conversationId, { position: [beforePartId], direction: 'before', order: 'asc', count: this.options.pageSize ?? 50 });
    if (conversationId === this.conversationId) for (const p of page.items) this.parts.set(p.id, p);
    return { parts: page.items, hasOlder: Boolean(page.meta.next_before_position) };
  }

  close(): void {
    this.generation += 1;
    this.conversationId = null;
    this.parts.clear();
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
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
    const newest = Math.max(0, ...this.parts.keys());
    const page = await this.options.api.listParts(conversationId, { position: [newest], direction: 'after', order: 'asc', count: this.options.pageSize ?? 50 });
    this.add(conversationId, page.items);
  }

  private schedule(generation: number): void {
    this.timer = null;
    if (this.intervalMs === null) return;
    this.timer = this.options.clock.setTimeout(async () => {
      if (generation !== this.generation) return;
      try {
        await this.pollOnce();
      } catch {
        // The inbox sync reports health; the feed simply tries again on its next tick.
      }
      if (generation === this.generation) this.schedule(generation);
    }, this.intervalMs);
  }
}
