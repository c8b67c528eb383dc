import type { Id } from '../../../../shared/api/types';
import { compareAccountRows, conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import type { AccountRow } from '../../../../shared/ipc/types';
import { inView } from './inbox-filters';
import type { ViewId } from './inbox-filters';
import { FrozenOrder, NEWEST_FIRST, type ListOrder } from './inbox-order';

type Compare = (a: AccountRow, b: AccountRow) => number;

/**
 * The renderer's inbox over every account, kept in place as events arrive: a change costs the
 * changed rows (a binary search and a move in a sorted array each), not a copy of the Map or a
 * sort of everything. It keeps the rows by conversation key (account and ID: IDs are only unique
 * within an account), their order (newest first), the unread count of each view (in all and in
 * each account) and the keys of the list on screen, all updated together.
 */

/** The first place in `keys` (sorted by `compare` over `rows`) where `row` goes. */
function placeOf(
  keys: ConversationKey[],
  rows: Map<ConversationKey, AccountRow>,
  row: AccountRow,
  compare: Compare = compareAccountRows,
): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(rows.get(keys[middle]!)!, row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Removes a row's key from a sorted array: found by binary search, by a scan should the order ever disagree. */
function removeFrom(
  keys: ConversationKey[],
  rows: Map<ConversationKey, AccountRow>,
  row: AccountRow,
  compare: Compare = compareAccountRows,
): void {
  const key = conversationKey(row.accountId, row.id);
  const place = placeOf(keys, rows, row, compare);
  const at = keys[place] === key ? place : keys.indexOf(key);
  if (at >= 0) keys.splice(at, 1);
}

/** The list on screen: the rows one filter accepts, in its order. */
interface Projection {
  key: string;
  accepts: (row: AccountRow) => boolean;
  keys: ConversationKey[];
  compare: Compare;
}

export class InboxIndex {
  readonly rows = new Map<ConversationKey, AccountRow>();
  /** Conversation keys newest first. */
  readonly order: ConversationKey[] = [];
  private unread: number[];
  private unreadOfAccount = new Map<AccountId, number[]>();
  private projection: Projection | null = null;
  private frozen: FrozenOrder | null = null;
  private readonly none: readonly number[];

  /** `admins`: each account's own administrator, whom "Mine" means for its rows. */
  constructor(
    private readonly views: readonly ViewId[],
    private admins: ReadonlyMap<AccountId, Id>,
  ) {
    this.unread = views.map(() => 0);
    this.none = views.map(() => 0);
  }

  /** Conversations with unread messages in each view (in the order of `views`); a new array only when a count changed. */
  get unreadCounts(): readonly number[] {
    return this.unread;
  }

  /** The same, of one account's conversations. */
  unreadCountsOf(accountId: AccountId): readonly number[] {
    return this.unreadOfAccount.get(accountId) ?? this.none;
  }

  /** Adds a row or replaces the one with its key, moving it to its place. */
  upsert(row: AccountRow): void {
    const key = conversationKey(row.accountId, row.id);
    const before = this.rows.get(key);
    if (before) this.take(before);
    this.rows.set(key, row);
    this.order.splice(placeOf(this.order, this.rows, row), 0, key);
    const projection = this.projection;
    if (projection?.accepts(row))
      projection.keys.splice(placeOf(projection.keys, this.rows, row, projection.compare), 0, key);
    this.count(before, row);
  }

  remove(key: ConversationKey): void {
    const before = this.rows.get(key);
    if (!before) return;
    this.take(before);
    this.rows.delete(key);
    this.count(before, undefined);
  }

  /** Takes out every row of the accounts no longer held. */
  keepAccounts(held: ReadonlySet<AccountId>): boolean {
    const gone = [...this.rows].filter(([, row]) => !held.has(row.accountId)).map(([key]) => key);
    for (const key of gone) this.remove(key);
    return gone.length > 0;
  }

  /** The administrators "Mine" means changed: counts and the list follow. */
  setAdmins(admins: ReadonlyMap<AccountId, Id>): void {
    if (sameAdmins(admins, this.admins)) return;
    this.admins = admins;
    this.projection = null;
    this.unread = this.views.map(() => 0);
    this.unreadOfAccount = new Map();
    for (const row of this.rows.values()) this.count(undefined, row);
  }

  /**
   * The keys a filter accepts, in the given order (newest first unless told). The same key
   * returns the same array, kept up to date by every change since; a new key (the agent
   * changed the view, a filter or the search) filters all rows once.
   */
  visible(key: string, accepts: (row: AccountRow) => boolean, order: ListOrder = NEWEST_FIRST): ConversationKey[] {
    if (this.projection?.key !== key) {
      let keys = this.order.filter((k) => accepts(this.rows.get(k)!));
      if (order instanceof FrozenOrder) keys = order.arrange(keys, this.rows);
      else if (order.compare !== compareAccountRows)
        keys.sort((a, b) => order.compare(this.rows.get(a)!, this.rows.get(b)!));
      this.projection = { key, accepts, keys, compare: order.compare };
    }
    return this.projection.keys;
  }

  /**
   * The frozen waiting order of a list (see inbox-order.ts): the same one while its key stays,
   * a new one, sorted afresh, for a new key.
   */
  frozenOrder(key: string): FrozenOrder {
    if (this.frozen?.key !== key) this.frozen = new FrozenOrder(key);
    return this.frozen;
  }

  /** Takes a row out of the order and the list on screen, while `rows` still holds it as it was. */
  private take(row: AccountRow): void {
    removeFrom(this.order, this.rows, row);
    const projection = this.projection;
    if (projection?.accepts(row)) removeFrom(projection.keys, this.rows, row, projection.compare);
  }

  private count(before: AccountRow | undefined, after: AccountRow | undefined): void {
    const accountId = (after ?? before)!.accountId;
    let next: number[] | null = null;
    let nextOfAccount: number[] | null = null;
    for (let i = 0; i < this.views.length; i++) {
      const delta = this.unreadIn(after, this.views[i]!) - this.unreadIn(before, this.views[i]!);
      if (delta === 0) continue;
      next ??= [...this.unread];
      next[i]! += delta;
      nextOfAccount ??= [...this.unreadCountsOf(accountId)];
      nextOfAccount[i]! += delta;
    }
    if (next) this.unread = next;
    if (nextOfAccount) this.unreadOfAccount.set(accountId, nextOfAccount);
  }

  private unreadIn(row: AccountRow | undefined, view: ViewId): number {
    return row !== undefined && row.unread > 0 && inView(row, view, this.admins.get(row.accountId) ?? null) ? 1 : 0;
  }
}

function sameAdmins(a: ReadonlyMap<AccountId, Id>, b: ReadonlyMap<AccountId, Id>): boolean {
  if (a.size !== b.size) return false;
  for (const [accountId, adminId] of a) if (b.get(accountId) !== adminId) return false;
  return true;
}
