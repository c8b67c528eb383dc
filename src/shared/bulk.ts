import type { Id } from './api/types';
import type { OutboxItem } from './outbox';

/**
 * What the agent does to several conversations at once from the inbox list. Each write still
 * goes through the conversation's own account's outbox; a snooze is Perch's own (snoozes.ts).
 */
export type BulkAction =
  | { kind: 'close' }
  | { kind: 'assign'; adminId: Id | null }
  | { kind: 'tag'; tag: string }
  | { kind: 'snooze'; until: number }
  | { kind: 'wake' };

/** At most this many conversations in one call: a selection beyond it is refused with a sentence. */
export const BULK_MAX = 500;

/** What one account did of a batch: the writes it holds for Undo, and until when a snooze may be taken back. */
export interface BulkOutcome {
  items: OutboxItem[];
  /** For a snooze: the end of the window in which Undo wakes the conversations again (ms since the epoch). */
  undoUntil: number | null;
}
