import type { Id } from '../../../shared/api/types';
import type { Clock } from '../ports';

/** Between two typing events of one conversation: what came meanwhile, only the latest, goes then. */
export const TYPING_GAP_MS = 300;
/** Typing events passed on per second, all conversations together. */
export const TYPING_PER_SECOND = 20;
/** Conversations whose latest typing waits for its gap. */
const MAX_WAITING = 100;
/** Conversations remembered as having just had typing passed on. */
const MAX_RECENT = 500;

export interface TypingEvent {
  conversationId: Id;
  from: 'user' | 'admin';
  adminId: Id | null;
  body: string;
}

/**
 * Typing on its way to the window: a few times a second per conversation (the latest wins), a
 * bounded number a second in all, and only for conversations the agent has. A server sending
 * thousands a second costs the window what a few visitors typing cost. Typing is for now: one
 * held back or dropped is replaced by the next.
 */
export class TypingRelay {
  private readonly waiting = new Map<Id, TypingEvent>();
  /** When each conversation's typing was last passed on, oldest first. */
  private readonly recent = new Map<Id, number>();
  private timer: unknown = null;
  private second = { startedAt: -Infinity, passed: 0 };
  dropped = 0;

  constructor(
    private readonly options: {
      clock: Clock;
      known(id: Id): boolean;
      pass(event: TypingEvent): void;
    },
  ) {}

  typing(event: TypingEvent): void {
    const id = event.conversationId;
    if (this.waiting.has(id)) return void this.waiting.set(id, event);
    if (!this.options.known(id)) return void (this.dropped += 1);
    const last = this.recent.get(id);
    if (last === undefined || this.options.clock.now() - last >= TYPING_GAP_MS) return this.passOn(event);
    if (this.waiting.size >= MAX_WAITING) return void (this.dropped += 1);
    this.waiting.set(id, event);
    this.timer ??= this.options.clock.setTimeout(() => this.flush(), TYPING_GAP_MS);
  }

  stop(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.waiting.clear();
  }

  private flush(): void {
    this.timer = null;
    const due = [...this.waiting.values()];
    this.waiting.clear();
    for (const event of due) this.passOn(event);
  }

  private passOn(event: TypingEvent): void {
    const now = this.options.clock.now();
    if (now - this.second.startedAt >= 1000) this.second = { startedAt: now, passed: 0 };
    if (this.second.passed >= TYPING_PER_SECOND) return void (this.dropped += 1);
    this.second.passed += 1;
    this.recent.delete(event.conversationId);
    this.recent.set(event.conversationId, now);
    for (const [id, at] of this.recent) {
      if (this.recent.size <= MAX_RECENT && now - at < TYPING_GAP_MS) break;
      this.recent.delete(id);
    }
    this.options.pass(event);
  }
}
