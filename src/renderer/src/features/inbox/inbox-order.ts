import { compareIds } from '../../../../shared/api/ids';
import { compareAccountRows, conversationKey, type ConversationKey } from '../../../../shared/accounts';
import type { AccountRow } from '../../../../shared/ipc/types';
import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import type { InboxSort } from '../../../../shared/settings';
import type { InboxFilterState, ViewId } from './inbox-filters';

export type { InboxSort };

/**
 * The orders the inbox can be read in: newest first (kept live, as rows change), or oldest
 * waiting first: the visitors who have waited longest for an answer on top, then the rest
 * newest first. The waiting order is frozen while the agent works down it: answering the top
 * conversation would otherwise move it from under the cursor, and J would skip a row. It is
 * sorted again when the list changes (another view, filter or search) or when asked to.
 */

/** What a list's waiting order is frozen for: the list (view, filters, search) and the agent's last "sort again". */
export interface SortKeyState extends InboxFilterState {
  view: ViewId;
  admins: ReadonlyMap<AccountId, Id>;
  query: string;
  sortEpoch: number;
}

/** The key of a list's frozen order: the list on screen and the shortcuts' list agree on it. */
export const sortKeyOf = (s: SortKeyState): string =>
  JSON.stringify([
    s.view,
    [...s.admins],
    s.query,
    s.channel,
    s.channelAccount,
    s.accountFilter,
    s.unansweredOnly,
    s.answeredOnly,
    s.delayedOnly,
    s.tagFilter,
    s.sortEpoch,
  ]);

/** Waiting rows first, the longest wait first; then every other row newest first. */
export function compareOldestWaiting(a: AccountRow, b: AccountRow): number {
  const waitA = waitStart(a);
  const waitB = waitStart(b);
  if (waitA !== null && waitB !== null)
    return waitA - waitB || compareIds(a.id, b.id) || a.accountId.localeCompare(b.accountId);
  if (waitA !== null) return -1;
  if (waitB !== null) return 1;
  return compareAccountRows(a, b);
}

/** Since when a row's visitor waits for an answer, or null (answered, or closed). */
export const waitStart = (row: Pick<AccountRow, 'closed' | 'waitingSince'>) => (row.closed ? null : row.waitingSince);

/**
 * The waiting order of one list, frozen: each conversation keeps the rank it had when the list
 * was sorted, whatever happens to it since; one that joins later goes after all ranked then.
 */
export class FrozenOrder {
  private readonly ranks = new Map<ConversationKey, number>();
  private next = 0;

  constructor(readonly key: string) {}

  /** Compares two rows by rank; a row seen for the first time here takes the next rank. */
  readonly compare = (a: AccountRow, b: AccountRow): number =>
    this.rankOf(conversationKey(a.accountId, a.id)) - this.rankOf(conversationKey(b.accountId, b.id));

  /**
   * The keys in frozen order: those ranked before keep their ranks, the others follow in
   * waiting order and are ranked so from now on.
   */
  arrange(keys: readonly ConversationKey[], rows: ReadonlyMap<ConversationKey, AccountRow>): ConversationKey[] {
    const ranked = keys.filter((key) => this.ranks.has(key)).sort((a, b) => this.ranks.get(a)! - this.ranks.get(b)!);
    const fresh = keys.filter((key) => !this.ranks.has(key));
    fresh.sort((a, b) => compareOldestWaiting(rows.get(a)!, rows.get(b)!));
    for (const key of fresh) this.rankOf(key);
    return ranked.concat(fresh);
  }

  private rankOf(key: ConversationKey): number {
    let rank = this.ranks.get(key);
    if (rank === undefined) this.ranks.set(key, (rank = this.next++));
    return rank;
  }
}

/** How a list is ordered: live by a comparison, or frozen. */
export type ListOrder = { compare: (a: AccountRow, b: AccountRow) => number } | FrozenOrder;

export const NEWEST_FIRST: ListOrder = { compare: compareAccountRows };

/** Whether the rows, listed in this order, are no longer oldest-waiting first (the agent may sort again). */
export function outOfWaitingOrder(
  keys: readonly ConversationKey[],
  rows: ReadonlyMap<ConversationKey, AccountRow>,
): boolean {
  for (let i = 1; i < keys.length; i++) {
    const before = rows.get(keys[i - 1]!);
    const after = rows.get(keys[i]!);
    if (before && after && compareOldestWaiting(before, after) > 0) return true;
  }
  return false;
}
