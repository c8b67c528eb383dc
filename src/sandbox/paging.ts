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
  /** Cursor for the next `before` page, or null when nothing older matches. */
  nextBefore: Key | null;
  /** Cursor for the next `after` page, or null when nothing newer matches. */
  nextAfter: Key | null;
}

/** Walks from `start` in `step` direction, collecting up to `limit` accepted items. */
function walk<T>(
  index: SortedIndex<T>,
  start: number,
  step: 1 | -1,
  limit: number,
  accept: (item: T) => boolean,
): { items: T[]; more: boolean } {
  const items: T[] = [];
  let i = start;
  for (; i >= 0 && i < index.size && items.length < limit; i += step) {
    const item = index.at(i);
    if (accept(item)) items.push(item);
  }
  let more = false;
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
  let moreOlder = false;
  let moreNewer = false;
  let exact: T | null = null;

  if (position && including) {
    const i = index.bound(position);
    if (i < index.size && compareKeys(keyOf(index.at(i)), position) === 0 && accept(index.at(i))) exact = index.at(i);
  }
  const olderStart = position ? index.bound(position) - 1 : index.size - 1;
  const newerStart = position ? index.bound(position, true) : 0;

  if (direction === 'before') {
    const room = count - (exact ? 1 : 0);
    ({ items: older, more: moreOlder } = walk(index, olderStart, -1, room, accept));
  } else if (direction === 'after') {
    const room = count - (exact ? 1 : 0);
    ({ items: newer, more: moreNewer } = walk(index, newerStart, 1, room, accept));
  } else {
    const half = Math.max(1, Math.floor(count / 2));
    ({ items: older, more: moreOlder } = walk(index, olderStart, -1, half, accept));
    ({ items: newer, more: moreNewer } = walk(index, newerStart, 1, half, accept));
  }

  const items = [...older.reverse(), ...(exact ? [exact] : []), ...newer];
  const first = items[0];
  const last = items[items.length - 1];
  const page: Page<T> = {
    items: query.order === 'desc' ? items.reverse() : items,
    nextBefore: direction !== 'after' && moreOlder && first ? [...keyOf(first)] : null,
    nextAfter: direction !== 'before' && moreNewer && last ? [...keyOf(last)] : null,
  };
  return page;
}

export interface PageQueryV1 {
  after: number | null;
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
): { items: T[]; nextAfter: number | null } {
  // [after, Infinity] sorts after every key that starts with `after`, so `including` keeps them.
  const boundary = query.including ? [query.after ?? 0, Infinity] : [query.after ?? 0];
  const start = query.after === null ? index.size - 1 : index.bound(boundary) - 1;
  const { items, more } = walk(index, start, -1, query.count, accept);
  const oldest = items[items.length - 1];
  const nextAfter = more && oldest ? (keyOf(oldest)[0] as number) : null;
  return { items: query.order === 'asc' ? items.reverse() : items, nextAfter };
}
