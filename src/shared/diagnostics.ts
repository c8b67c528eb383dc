/** What Perch could not use from the server, kept for an agent to copy to whoever supports them. */

/** The most lines of Perch's log one `diagnostics:log` call returns. */
export const LOG_TAIL_MAX_LINES = 1000;

/** Which list an item came from. */
export type SkippedKind = 'conversation' | 'part' | 'channel' | 'visitor' | 'event' | 'item';

/** One item left out of a list because it did not have the shape Perch relies on. */
export interface SkippedItem {
  kind: SkippedKind;
  /** The item's ID as the server sent it, when it had one. */
  id: string | null;
  /** The first field that failed the check, and why (never the item's values). */
  reason: string;
  firstAt: number;
  lastAt: number;
  /** How often this same item was met and left out (each poll may meet it again). */
  times: number;
}

export interface DiagnosticsReport {
  /** Every time an item was left out since Perch started. */
  skippedTotal: number;
  /** The most recent distinct items, newest first. */
  skipped: SkippedItem[];
}

/** Plain text for the clipboard: no token, no item contents, only what was left out and why. */
export function diagnosticsText(report: DiagnosticsReport, now: Date): string {
  const lines = [`Perch diagnostics, ${now.toISOString()}`, `Items left out of lists: ${report.skippedTotal}`];
  for (const item of report.skipped) {
    const id = item.id === null ? 'without an ID' : `#${item.id}`;
    lines.push(`- ${item.kind} ${id}: ${item.reason} (${item.times}×, last ${new Date(item.lastAt).toISOString()})`);
  }
  return lines.join('\n');
}
