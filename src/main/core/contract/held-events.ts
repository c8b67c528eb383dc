import type { EventChannel, EventPayload } from '../../../shared/ipc/contract';

/**
 * Events held for a page that has not said it is ready. A page that lets more pile up (hung,
 * or loading for minutes while the inbox churns) gets none of them: they are dropped, and the
 * page is loaded anew once it says it is ready, reading everything afresh. The conversation a
 * notification asked to open is kept apart and never dropped; an alert sound is never held.
 */
export const MAX_HELD_EVENTS = 10_000;
/** The same bound in bytes of the events' JSON (a few huge events count as many). */
export const MAX_HELD_BYTES = 64 * 1024 * 1024;

/** Events that are for now only: a page whose connection cannot keep up goes without them, the next replaces them. */
const DROPPABLE: ReadonlySet<EventChannel> = new Set<EventChannel>(['conversation:typing']);
export const isDroppable = (event: EventChannel): boolean => DROPPABLE.has(event);

/** How one page is reached: Electron's webContents, or the browser host's WebSocket. */
export interface HeldEventsPage {
  deliver(event: EventChannel, payload: unknown): void;
  /** Loads the page anew: it will read everything itself, then say it is ready again. */
  reload(): void;
}

/**
 * Main-to-renderer events of one page, held until the page says `app:ready`: the one policy
 * of the Electron window and of each browser-host tab.
 */
export class HeldEvents {
  private ready = false;
  private queue: [EventChannel, unknown][] = [];
  private bytes = 0;
  private dropped = false;
  private navigate: EventPayload<'conversation:navigate'> | null = null;

  constructor(private readonly page: HeldEventsPage) {}

  /** The page starts loading: it reads everything itself, so what was held for the old one goes (the navigation aside). */
  pageStarted(): void {
    this.ready = false;
    this.queue = [];
    this.bytes = 0;
    this.dropped = false;
  }

  /** The page says it listens. False when it is instead being loaded anew (it missed events). */
  markReady(): boolean {
    if (this.dropped) {
      this.pageStarted();
      this.page.reload();
      return false;
    }
    this.ready = true;
    for (const [event, payload] of this.queue.splice(0)) this.page.deliver(event, payload);
    this.bytes = 0;
    if (this.navigate) this.page.deliver('conversation:navigate', this.navigate);
    this.navigate = null;
    return true;
  }

  send<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    if (this.ready) return this.page.deliver(event, payload);
    // A sound is for now: one the page was not ready to play is not played later, in a burst.
    if (event === 'alerts:sound') return;
    if (event === 'conversation:navigate') {
      this.navigate = payload as EventPayload<'conversation:navigate'>;
      return;
    }
    if (this.dropped) return;
    this.queue.push([event, payload]);
    this.bytes += JSON.stringify(payload ?? null).length;
    if (this.queue.length > MAX_HELD_EVENTS || this.bytes > MAX_HELD_BYTES) {
      this.queue = [];
      this.bytes = 0;
      this.dropped = true;
    }
  }
}
