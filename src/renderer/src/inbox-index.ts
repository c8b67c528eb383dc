import type { Id } from '../../shared/api/types';
import { compareRows, type InboxRow } from '../../shared/inbox';
import { inView } from './inbox-filters';
import type { ViewId } from './inbox-filters';

/**
 * The renderer's inbox, kept in place as events arrive: a change costs the changed rows
 * (a binary search and a move in a sorted array each), not a copy of the Map or a sort of
 * everything. It keeps the rows, their order (newest first), the unread count of each view and
 * the ids of the list on screen (the current view, filters and search), all updated together.
 */

/** The first place in `ids` (sorted by `compareRows` over `rows`) where `row` goes. */
function placeOf(ids: Id[], rows: Map<Id, InboxRow>, row: InboxRow): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRows(rows.get(ids[middle]!)!, row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Removes a row's id from a sorted array: found by binary search, by a scan should the order ever disagree. */
function removeFrom(ids: Id[], rows: Map<Id, InboxRow>, row: InboxRow): void {
  const place = placeOf(ids, rows, row);
  const at = ids[place] === row.id ? place : ids.indexOf(row.id);
  if (at >= 0) ids.splice(at, 1);
}

/** The list on screen: the rows one filter accepts, in inbox order. */
interface Projection {
  key: string;
  accepts: (row: InboxRow) => boolean;
  ids: Id[];
}

export class InboxIndex {
  readonly rows = new Map<Id, InboxRow>();
  /** Row IDs newest first. */
  readonly order: Id[] = [];
  private unread: number[];
  private projection: Projection | null = null;

  constructor(
    private readonly views: readonly ViewId[],
    private adminId: Id | null,
  ) {
    this.unread = views.map(() => 0);
  }

  /** Conversations with unread messages in each view (in the order of `views`); a new array only when a count changed. */
  get unreadCounts(): readonly number[] {
    return this.unread;
  }

  /** Adds a row or replaces the one with its id, moving it to its place. */
  upsert(row: InboxRow): void {
    const before = this.rows.get(row.id);
    if (before) this.take(before);
    this.rows.set(row.id, row);
    this.order.splice(placeOf(this.order, this.rows, row), 0, row.id);
    const projection = this.projection;
    if (projection?.accepts(row)) projection.ids.splice(placeOf(projection.ids, this.rows, row), 0, row.id);
    this.count(before, row);
  }

  remove(id: Id): void {
    const before = this.rows.get(id);
    if (!before) return;
    this.take(before);
    this.rows.delete(id);
    this.count(before, undefined);
  }

  /** The administrator "Mine" means changed: counts and the list follow. */
  setAdmin(adminId: Id | null): void {
    if (adminId === this.adminId) return;
    this.adminId = adminId;
    this.projection = null;
    this.unread = this.views.map(() => 0);
    for (const row of this.rows.values()) this.count(undefined, row);
  }

  /**
   * The ids a filter accepts, in inbox order. The same key returns the same array, kept up to
   * date by every change since; a new key (the agent changed the view, a filter or the search)
   * filters all rows once.
   */
  visible(key: string, accepts: (row: InboxRow) => boolean): Id[] {
    if (this.projection?.key !== key) {
      const ids = this.order.filter((id) => accepts(this.rows.get(id)!));
      this.projection = { key, accepts, ids };
    }
    return this.projection.ids;
  }

  /** Takes a row out of the order and the list on screen, while `rows` still holds it as it was. */
  private take(row: InboxRow): void {
    removeFrom(this.order, this.rows, row);
    const projection = this.projection;
    if (projection?.accepts(row)) removeFrom(projection.ids, this.rows, row);
  }

  private count(before: InboxRow | undefined, after: InboxRow | undefined): void {
    let next: number[] | null = null;
    for (let i = 0; i < this.views.length; i++) {
      const delta = this.unreadIn(after, this.views[i]!) - this.unreadIn(before, this.views[i]!);
      if (delta === 0) continue;
      next ??= [...this.unread];
      next[i]! += delta;
    }
    if (next) this.unread = next;
  }

  private unreadIn(row: InboxRow | undefined, view: ViewId): number {
    return row !== undefined && row.unread > 0 && inView(row, view, this.adminId) ? 1 : 0;
  }
}
