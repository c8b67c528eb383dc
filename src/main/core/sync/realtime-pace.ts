/**
 * How fast Perch may ask the Realtime Services again. A long poll is meant to be held by the
 * server until a message comes (or 25 s pass); one answered at once with nothing in it (a
 * broken server, a proxy or captive portal answering for it) would otherwise be asked again
 * at once, thousands of times a second.
 */

/** An answer sooner than this was not held by the server. */
export const QUICK_ANSWER_MS = 2000;
/** Between an answer that brought messages at once and the next ask: what came meanwhile comes in one answer. */
export const AFTER_MESSAGES_MS = 1000;
/** The wait after the first quick empty answer; it doubles with each one in a row, up to the cap. */
const EMPTY_FLOOR_MS = 1000;
const EMPTY_FLOOR_CAP_MS = 30_000;
/** Quick empty answers in a row after which long polling no longer counts as live. */
const EMPTY_IN_A_ROW_NOT_LIVE = 2;
/** Quick answers of any kind in a minute past which realtime pauses and polling carries everything. */
export const QUICK_ANSWERS_PER_MINUTE = 40;

export type PaceStep =
  /** Ask again after `waitMs`; `live` says whether long polling still counts as delivering. */
  | { kind: 'again'; waitMs: number; live: boolean; good: boolean }
  /** Too many quick answers this minute: stop long polling for a while. */
  | { kind: 'pause'; quickInMinute: number };

export class LongPollPace {
  private emptyInARow = 0;
  /** The last ask failed (an error, a page that is not JSON): not live until an answer is good. */
  private failedLast = false;
  private quick: number[] = [];

  constructor(
    private readonly random: () => number = Math.random,
    private readonly quickPerMinute = QUICK_ANSWERS_PER_MINUTE,
  ) {}

  /** Whether the answers so far say the server holds its long polls (false after failures or quick empty ones). */
  get live(): boolean {
    return !this.failedLast && this.emptyInARow < EMPTY_IN_A_ROW_NOT_LIVE;
  }

  reset(): void {
    this.emptyInARow = 0;
    this.failedLast = false;
    this.quick = [];
  }

  /** The ask failed: the caller backs off; until a good answer long polling does not count as live. */
  failed(): void {
    this.failedLast = true;
  }

  /**
   * An answer came: asked at `askedAt`, answered at `now`, with `messages` real messages (pings
   * aside). A held answer or one with messages is good; a quick empty one is waited after, longer
   * each time and with jitter, so that clients of one broken server do not ask in step.
   */
  answered(askedAt: number, now: number, messages: number): PaceStep {
    const quick = now - askedAt < QUICK_ANSWER_MS;
    if (quick) {
      this.quick.push(now);
      while (this.quick.length > 0 && this.quick[0]! <= now - 60_000) this.quick.shift();
      if (this.quick.length > this.quickPerMinute) {
        const quickInMinute = this.quick.length;
        this.reset();
        return { kind: 'pause', quickInMinute };
      }
    }
    if (messages > 0 || !quick) {
      this.emptyInARow = 0;
      this.failedLast = false;
      return { kind: 'again', waitMs: quick ? AFTER_MESSAGES_MS : 0, live: true, good: true };
    }
    this.emptyInARow += 1;
    const ceiling = Math.min(EMPTY_FLOOR_CAP_MS, EMPTY_FLOOR_MS * 2 ** (this.emptyInARow - 1));
    // Half the ceiling at least: a floor that full jitter could bring down to nothing would not be one.
    const waitMs = Math.round(ceiling / 2 + this.random() * (ceiling / 2));
    return { kind: 'again', waitMs, live: this.live, good: false };
  }
}
