import type { Clock } from '../../src/main/core/ports';

/** A clock whose timers fire only when the test advances it. */
export class FakeClock implements Clock {
  private time = 1_800_000_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  /** How far the wall clock has been stepped in all. */
  private stepped = 0;

  now(): number {
    return this.time;
  }

  elapsed(): number {
    return this.time - this.stepped;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, fn, id });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  get pending(): number {
    return this.timers.length;
  }

  /** The delay of the next timer, or null. */
  nextDelay(): number | null {
    if (this.timers.length === 0) return null;
    return Math.min(...this.timers.map((t) => t.at)) - this.time;
  }

  /**
   * The wall clock jumps (back when negative: a corrected time, a resumed VM). Timers keep the
   * time they had left, as Node's do: they run on a monotonic clock.
   */
  jump(ms: number): void {
    this.time += ms;
    this.stepped += ms;
    for (const timer of this.timers) timer.at += ms;
  }

  /** Runs every timer due within `ms`, in order, letting async work settle after each. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
      await settle();
    }
    this.time = until;
  }
}

/** Lets pending promise chains and real socket I/O complete. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}
