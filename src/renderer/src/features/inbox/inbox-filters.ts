import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import { isDelayed, type InboxRow } from '../../../../shared/inbox';
import type { Recall } from './search-memory';

/** Which rows the inbox shows: pure functions of the store's state, tested without a DOM. */

export type ViewId = 'unassigned' | 'mine' | 'open' | 'closed' | 'snoozed';
export const VIEWS: ViewId[] = ['unassigned', 'mine', 'open', 'snoozed', 'closed'];

/** The part of the store's state that narrows the inbox. */
export interface InboxFilterState {
  /** Inbox narrowed to one channel (of `channelAccount`, as channel IDs are an account's own), or null for all. */
  channel: Id | null;
  channelAccount: AccountId | null;
  /** Inbox narrowed to one account's conversations, or null for every account's. */
  accountFilter: AccountId | null;
  /** Only conversations whose last message is the visitor's. */
  unansweredOnly: boolean;
  /** Only conversations whose last message is an administrator's. */
  answeredOnly: boolean;
  /** Only conversations whose visitor has waited longer than the delay threshold. */
  delayedOnly: boolean;
  /** Only conversations with this tag. */
  tagFilter: string | null;
}

/**
 * Who "Mine" means: one administrator, or each account's own (rows then carry their account).
 */
export type Admins = Id | null | ReadonlyMap<AccountId, Id>;

/** A row as the filters see it: of one account when it names one. */
export type FilterRow = InboxRow & { accountId?: AccountId };

export function adminFor(admins: Admins, row: FilterRow): Id | null {
  if (admins === null || typeof admins === 'string') return admins;
  return row.accountId === undefined ? null : (admins.get(row.accountId) ?? null);
}

export function inView(row: InboxRow, view: ViewId, adminId: Id | null): boolean {
  // A snoozed conversation leaves the open views until it comes back.
  const snoozed = row.snoozedUntil !== undefined;
  if (view === 'snoozed') return !row.closed && snoozed;
  if (snoozed && view !== 'closed') return false;
  switch (view) {
    case 'unassigned':
      return !row.closed && row.assignee === null;
    case 'mine':
      return !row.closed && row.assignee?.id === adminId;
    case 'open':
      return !row.closed;
    case 'closed':
      return row.closed;
  }
}

/**
 * Whether a row matches every word of a search, in any of the fields an agent would try, or in
 * what Perch has read of the conversation beyond its row (`knows`, search-memory.ts).
 */
export function matchesQuery(
  row: InboxRow,
  words: string[],
  knows?: (row: InboxRow, word: string) => boolean,
): boolean {
  if (words.length === 0) return true;
  const haystack = searchableText(row);
  return words.every((w) => haystack.includes(w) || (knows?.(row, w) ?? false));
}

/**
 * A row's searchable fields, lowercase, kept per row object: a row that changes is a new object,
 * so each keystroke of a search reads strings instead of building one per row of the inbox.
 */
const searchable = new WeakMap<InboxRow, string>();
function searchableText(row: InboxRow): string {
  let text = searchable.get(row);
  if (text === undefined) {
    text =
      `${row.visitorName} ${row.visitorEmail ?? ''} ${row.preview} ${row.tags.join(' ')} ${row.assignee?.name ?? ''} ${row.channel?.name ?? ''} #${row.id}`.toLowerCase();
    searchable.set(row, text);
  }
  return text;
}

export const searchWords = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

export interface RowFilters {
  channel?: Id | null;
  /** The account the channel belongs to (any, when left out). */
  channelAccount?: AccountId | null;
  account?: AccountId | null;
  unansweredOnly?: boolean;
  answeredOnly?: boolean;
  delayedOnly?: boolean;
  tag?: string | null;
  /** The time delays are measured at, in seconds. */
  nowSeconds?: number;
  /** What Perch has read of a row's conversation and visitor beyond the row, for the search. */
  recall?: Recall;
}

export const filtersOf = (state: InboxFilterState, nowSeconds = Date.now() / 1000): RowFilters => ({
  channel: state.channel,
  channelAccount: state.channelAccount,
  account: state.accountFilter,
  unansweredOnly: state.unansweredOnly,
  answeredOnly: state.answeredOnly,
  delayedOnly: state.delayedOnly,
  tag: state.tagFilter,
  nowSeconds,
});

/** Every tag on a loaded conversation, for the tag filter. */
export function tagsOf(rows: ReadonlyMap<unknown, InboxRow>): string[] {
  const tags = new Set<string>();
  for (const row of rows.values()) for (const tag of row.tags) tags.add(tag);
  return [...tags].sort((a, b) => a.localeCompare(b));
}

/** Whether a row belongs in the current view, filters and search. */
export function rowMatcher(
  view: ViewId,
  admins: Admins,
  query: string,
  filters: RowFilters = {},
): (row: FilterRow) => boolean {
  const narrows = narrowingMatcher(query, filters);
  return (row) => inView(row, view, adminFor(admins, row)) && narrows(row);
}

/** Whether a row passes the filters and search, in whichever view it is. */
export function narrowingMatcher(query: string, filters: RowFilters = {}): (row: FilterRow) => boolean {
  const words = searchWords(query);
  const nowSeconds = filters.nowSeconds ?? Date.now() / 1000;
  const knows = words.length > 0 ? filters.recall?.(words) : undefined;
  return (row) => {
    if (filters.account != null && row.accountId !== filters.account) return false;
    if (!matchesQuery(row, words, knows)) return false;
    if (filters.channel != null && row.channel?.id !== filters.channel) return false;
    if (filters.channel != null && filters.channelAccount != null && row.accountId !== filters.channelAccount)
      return false;
    if (filters.tag != null && !row.tags.includes(filters.tag)) return false;
    if (filters.delayedOnly && !isDelayed(row, nowSeconds)) return false;
    if (filters.answeredOnly && row.previewFromVisitor) return false;
    return !filters.unansweredOnly || row.previewFromVisitor;
  };
}

/** Rows of the current view, filters and search, in inbox order. */
export function visibleIds<K>(
  rows: ReadonlyMap<K, FilterRow>,
  order: readonly K[],
  view: ViewId,
  admins: Admins,
  query: string,
  filters: RowFilters = {},
): K[] {
  const matches = rowMatcher(view, admins, query, filters);
  return order.filter((id) => {
    const row = rows.get(id);
    return row !== undefined && matches(row);
  });
}

/** Whether any filter or search narrows the view (so its size is not the view's). */
export const narrowed = (query: string, filters: RowFilters): boolean =>
  searchWords(query).length > 0 ||
  filters.channel != null ||
  filters.account != null ||
  filters.tag != null ||
  !!filters.delayedOnly ||
  !!filters.answeredOnly ||
  !!filters.unansweredOnly;

/** Conversations with unread messages in each view, in one pass over the rows. */
export function unreadByView(
  rows: ReadonlyMap<unknown, FilterRow>,
  views: readonly ViewId[],
  admins: Admins,
  account: AccountId | null = null,
): number[] {
  const counts = views.map(() => 0);
  for (const row of rows.values()) {
    if (row.unread === 0 || (account !== null && row.accountId !== account)) continue;
    views.forEach((view, i) => {
      if (inView(row, view, adminFor(admins, row))) counts[i]! += 1;
    });
  }
  return counts;
}
