import type { AlertEntry } from '../../../shared/alerts';
import type { Id } from '../../../shared/api/types';

/** How many decisions the record keeps: a busy day's last hours, still a small answer over IPC. */
export const ALERT_RECORD_MAX = 300;

/**
 * Every decision about a visitor message, notified or held back and why, newest last, in a
 * bounded ring shared by all accounts. It keeps IDs, times and reasons only: no text, no token.
 */
export class AlertRecord {
  private readonly entries: AlertEntry[] = [];
  /** Messages (by account and part) that raised their notification, so a second sight is not a second alert. */
  private readonly notifiedParts = new Set<string>();
  private readonly notifiedOrder: string[] = [];

  constructor(private readonly max = ALERT_RECORD_MAX) {}

  add(entry: AlertEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
  }

  /** Whether this message already raised a notification. */
  alreadyNotified(accountId: string, partId: Id): boolean {
    return this.notifiedParts.has(`${accountId}:${partId}`);
  }

  markNotified(accountId: string, partId: Id): void {
    const key = `${accountId}:${partId}`;
    if (this.notifiedParts.has(key)) return;
    this.notifiedParts.add(key);
    this.notifiedOrder.push(key);
    // Kept as long as the entries are: enough to catch a message seen twice by the poll and the stream.
    if (this.notifiedOrder.length > this.max * 4) this.notifiedParts.delete(this.notifiedOrder.shift()!);
  }

  /** Newest first. */
  list(): AlertEntry[] {
    return [...this.entries].reverse();
  }
}
