import type { PageDirection, PageOrder } from '../shared/api/types';
import { compareKeys, type Key, type SortedIndex } from './sorted-index';

export interface PageQuery {
  position: Key | null;
  count: number;
  direction: PageDirection;
  including: boolean;
  order: PageOrder;
}

export interface Page<T> {
  items: T[];
  /** Cursor for the next `before` page: the oldest item's position, or null on an empty page. */
  nextBefore: Key | null;
  /** Cursor for the next `after` page: the newest item's position, or null on an empty page. */
  nextAfter: Key | null;
}

/** Walks from `start` in `step` direction, collecting up to `limit` accepted items. */
function walk<T>(
  index: SortedIndex<T>,
  start: number,
  step: 1 | -1,
  limit: number,
  accept: (item: T) => boolean,
  lookAhead = false,
): { items: T[]; more: boolean } {
  const items: T[] = [];
  let i = start;
  for (; i >= 0 && i < index.size && items.length < limit; i += step) {
    const item = index.at(i);
    if (accept(item)) items.push(item);
  }
  // Version 1 says whether more follow; version 2 pages do not look (see Page).
  let more = false;
  if (lookAhead)
    for (; i >= 0 && i < index.size; i += step) {
      if (accept(index.at(i))) {
        more = true;
        break;
      }
    }
  return { items, more };
}

/**
 * Version 2 cursor paging over an index sorted ascending by key. `before` reads keys smaller
 * than the position (newest first from the top when there is no position), `after` keys
 * greater, `around` both sides with up to half the count each.
 */
export function pageV2<T>(
  index: SortedIndex<T>,
  keyOf: (item: T) => Key,
  query: PageQuery,
  accept: (item: T) => boolean,
): Page<T> {
  const { position, count, direction, including } = query;
  let older: T[] = [];
  let newer: T[] = [];
  let exact: T | null = null;

  if (position && including) {
    const i = index.bound(position);
    if (i < index.size && compareKeys(keyOf(index.at(i)), position) === 0 && accept(index.at(i))) exact = index.at(i);
  }
  const olderStart = position ? index.bound(position) - 1 : index.size - 1;
  const newerStart = position ? index.bound(position, true) : 0;

  if (direction === 'before') {
    const room = count - (exact ? 1 : 0);
    ({ items: older } = walk(index, olderStart, -1, room, accept));
  } else if (direction === 'after') {
    const room = count - (exact ? 1 : 0);
    ({ items: newer } = walk(index, newerStart, 1, room, accept));
  } else {
    const half = Math.max(1, Math.floor(count / 2));
    ({ items: older } = walk(index, olderStart, -1, half, accept));
    ({ items: newer } = walk(index, newerStart, 1, half, accept));
  }

  const items = [...older.reverse(), ...(exact ? [exact] : []), ...newer];
  const first = items[0];
  const last = items[items.length - 1];
  const page: Page<T> = {
    items: query.order === 'desc' ? items.reverse() : items,
    // As the platform's pages (docs/api-decisions.md, "Pages"): a page names where it ends, and
    // only an empty page says null, so a client polling `after` always has the newest position.
    nextBefore: direction !== 'after' && first ? [...keyOf(first)] : null,
    nextAfter: direction !== 'before' && last ? [...keyOf(last)] : null,
  };
  return page;
}

export interface PageQueryV1 {
  after: number | bigint | null;
  count: number;
  including: boolean;
  order: PageOrder;
}

/**
 * Version 1 paging: `after` is a single value compared with the first key component (a
 * timestamp or an ID) and reads older items, like version 2 `before`. Items sharing the
 * boundary value can be skipped, as the specification warns.
 */
export function pageV1<T>(
  index: SortedIndex<T>,
  keyOf: (item: T) => Key,
  query: PageQueryV1,
  accept: (item: T) => boolean,
): { items: T[]; nextAfter: number | bigint | null } {
  // [after, Infinity] sorts after every key that starts with `after`, so `including` keeps them.
  const boundary = query.including ? [query.after ?? 0, Infinity] : [query.after ?? 0];
  const start = query.after === null ? index.size - 1 : index.bound(boundary) - 1;
  const { items, more } = walk(index, start, -1, query.count, accept, true);
  const oldest = items[items.length - 1];
  const nextAfter = more && oldest ? keyOf(oldest)[0]! : null;
  return { items: query.order === 'asc' ? items.reverse() : items, nextAfter };
}
