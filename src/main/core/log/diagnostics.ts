import type { DiagnosticsReport, SkippedItem, SkippedKind } from '../../../shared/diagnostics';

/** Where the API client reports items it left out of a list. */
export interface SkipSink {
  skipped(kind: SkippedKind, id: string | null, reason: string): void;
}

/**
 * The last items Perch left out of lists, for the diagnostics view. The same item met again
 * (every poll may bring it back) counts up instead of filling the list.
 */
export class Diagnostics implements SkipSink {
  private readonly items = new Map<string, SkippedItem>();
  private total = 0;

  constructor(
    private readonly limit = 50,
    private readonly now: () => number = Date.now,
  ) {}

  skipped(kind: SkippedKind, id: string | null, reason: string): void {
    this.total += 1;
    const key = `${kind}\u0000${id}\u0000${reason}`;
    const at = this.now();
    const known = this.items.get(key);
    // Re-inserted so the map's order stays oldest-to-newest by last sighting.
    this.items.delete(key);
    this.items.set(
      key,
      known
        ? { ...known, lastAt: at, times: known.times + 1 }
        : { kind, id, reason: reason.slice(0, 300), firstAt: at, lastAt: at, times: 1 },
    );
    while (this.items.size > this.limit) this.items.delete(this.items.keys().next().value as string);
  }

  report(): DiagnosticsReport {
    return { skippedTotal: this.total, skipped: [...this.items.values()].reverse() };
  }
}
