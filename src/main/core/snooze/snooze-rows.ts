import type { InboxRow } from '../../../shared/inbox';
import type { Snoozes } from './snoozes';

/** Rows with their snooze, as the renderer files them under "Snoozed". */
export function withSnooze(rows: InboxRow[], snoozes: Pick<Snoozes, 'get'>): InboxRow[] {
  return rows.map((row) => {
    const snooze = snoozes.get(row.id);
    if (snooze) {
      const { snoozeNote: _, ...unnoted } = row;
      return { ...unnoted, snoozedUntil: snooze.until, ...(snooze.note ? { snoozeNote: snooze.note } : {}) };
    }
    if (row.snoozedUntil === undefined) return row;
    const { snoozedUntil: _until, snoozeNote: _note, ...rest } = row;
    return rest;
  });
}
