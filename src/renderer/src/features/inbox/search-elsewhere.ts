import {
  adminFor,
  inView,
  narrowingMatcher,
  type Admins,
  type FilterRow,
  type RowFilters,
  type ViewId,
} from './inbox-filters';

/** A view other than the current one where a search finds conversations the current one does not show. */
export interface MatchesElsewhere {
  view: ViewId;
  /** How many conversations the search finds there (what that view would list). */
  count: number;
}

/**
 * Where else a search finds conversations, in one pass over the rows: each other view that
 * holds a match the current view leaves out (so "All open" is not offered from "Mine" for
 * the same rows), with its whole count. The filters apply as on screen; only the view differs.
 */
export function matchesElsewhere(
  rows: Iterable<FilterRow>,
  views: readonly ViewId[],
  current: ViewId,
  admins: Admins,
  query: string,
  filters: RowFilters,
): MatchesElsewhere[] {
  const matches = narrowingMatcher(query, filters);
  const counts = views.map(() => 0);
  const beyond = views.map(() => false);
  for (const row of rows) {
    if (!matches(row)) continue;
    const adminId = adminFor(admins, row);
    const shown = inView(row, current, adminId);
    views.forEach((view, i) => {
      if (view === current || !inView(row, view, adminId)) return;
      counts[i]! += 1;
      if (!shown) beyond[i] = true;
    });
  }
  return views.flatMap((view, i) => (beyond[i] ? [{ view, count: counts[i]! }] : []));
}
