import type { Id } from '../../../shared/api/types';
import type { InboxRow, UnreadTotals } from '../../../shared/inbox';

/** Which total an unread open conversation adds to, besides `all`. */
type Share = 'mine' | 'unassigned' | 'other';

/**
 * The unread totals of the tray and sidebar, kept as rows change: each change moves one
 * conversation between counts instead of walking all rows again. Equal, at every moment, to
 * `unreadTotals(rows, myAdminId, snoozed)` over the same rows.
 */
export class UnreadCounter {
  private readonly shares = new Map<Id, Share>();
  private readonly counts: UnreadTotals = { all: 0, mine: 0, unassigned: 0 };

  constructor(
    private readonly myAdminId: Id | null,
    /** Conversations the agent snoozed: counted again once they come back. */
    private readonly snoozed: (id: Id) => boolean = () => false,
  ) {}

  /** A row was added or replaced. */
  update(row: InboxRow): void {
    this.remove(row.id);
    if (row.closed || row.unread === 0 || this.snoozed(row.id)) return;
    const share: Share = row.assignee === null ? 'unassigned' : row.assignee.id === this.myAdminId ? 'mine' : 'other';
    this.shares.set(row.id, share);
    this.add(share, 1);
  }

  /** A row left the inbox. */
  remove(id: Id): void {
    const share = this.shares.get(id);
    if (share === undefined) return;
    this.shares.delete(id);
    this.add(share, -1);
  }

  get totals(): UnreadTotals {
    return { ...this.counts };
  }

  private add(share: Share, by: 1 | -1): void {
    this.counts.all += by;
    if (share !== 'other') this.counts[share] += by;
  }
}
