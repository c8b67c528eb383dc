import type { Id } from '../../../shared/api/types';
import { compareAccountRows, type AccountId } from '../../../shared/accounts';
import { viewSizes, type ViewSizes } from '../../../shared/inbox';
import type { AccountRow, InboxPage, InboxRange, InboxSnapshot, InboxStatus } from '../../../shared/ipc/contract';

/** One account's sorted inbox, as `Workspace.sortedInbox()` gives it, with its administrator for "Mine". */
export interface AccountInbox {
  accountId: AccountId;
  adminId: Id;
  snapshot: InboxSnapshot;
}

function summedSizes(sizes: ViewSizes[]): ViewSizes {
  const sum: ViewSizes = { unassigned: 0, mine: 0, open: 0, closed: 0, snoozed: 0 };
  for (const s of sizes) {
    sum.snoozed += s.snoozed;
    sum.unassigned += s.unassigned;
    sum.mine += s.mine;
    sum.open += s.open;
    sum.closed += s.closed;
  }
  return sum;
}

const withAccount = (accountId: AccountId) => (row: InboxSnapshot['rows'][number]) => ({ ...row, accountId });

/** Every account's rows in one order, newest first (each account's list is sorted already). */
function mergeSorted(inboxes: AccountInbox[]): AccountRow[] {
  const lists = inboxes.map((inbox) => inbox.snapshot.rows.map(withAccount(inbox.accountId)));
  if (lists.length === 1) return lists[0]!;
  const merged: AccountRow[] = [];
  const at = lists.map(() => 0);
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const candidate = lists[i]![at[i]!];
      if (candidate && (best === -1 || compareAccountRows(candidate, lists[best]![at[best]!]!) < 0)) best = i;
    }
    if (best === -1) return merged;
    merged.push(lists[best]![at[best]!++]!);
  }
}

/**
 * Answers `inbox:get` over several accounts: the merged list is built once per change of any
 * inbox; with one account only the rows asked for are copied, so the first screen stays cheap.
 */
export class MergedInbox {
  private merged: AccountRow[] | null = null;
  /** Each inbox's view sizes, counted once per snapshot (a snapshot is replaced on every change). */
  private readonly sizes = new WeakMap<InboxSnapshot, ViewSizes>();

  /** An inbox changed: the next page merges anew. */
  invalidate(): void {
    this.merged = null;
  }

  page(inboxes: AccountInbox[], range?: InboxRange): InboxPage {
    const accounts: Record<AccountId, InboxStatus> = {};
    const sizes: ViewSizes[] = [];
    let total = 0;
    for (const { accountId, adminId, snapshot } of inboxes) {
      const { totals, health, progress, trouble, realtime, freshness } = snapshot;
      accounts[accountId] = { totals, health, progress, trouble: trouble ?? null, realtime, freshness };
      let counted = this.sizes.get(snapshot);
      if (!counted) this.sizes.set(snapshot, (counted = viewSizes(snapshot.rows, adminId)));
      sizes.push(counted);
      total += snapshot.rows.length;
    }
    const end = range ? range.offset + range.limit : total;
    const start = range?.offset ?? 0;
    let rows: AccountRow[];
    if (inboxes.length === 1)
      rows = inboxes[0]!.snapshot.rows.slice(start, end).map(withAccount(inboxes[0]!.accountId));
    else {
      this.merged ??= mergeSorted(inboxes);
      rows = this.merged.slice(start, end);
    }
    return { rows, total, sizes: summedSizes(sizes), accounts };
  }
}
