import type { CursorPosition, PageDirection, ResponseMeta } from '../../../shared/api/types';

/** One page of a list: its items as checked, and the meta whose cursors lead to the next. */
export interface Page<T> {
  items: T[];
  meta: ResponseMeta;
  /** Items of this page left out because they failed their check; the cursors in meta still count them. */
  skipped?: number;
}

/** Every page of a version 2 list, following next_before/after_position until null. */
export async function* pagesV2<T>(
  fetch: (position: CursorPosition | undefined) => Promise<Page<T>>,
  direction: Exclude<PageDirection, 'around'> = 'before',
  start?: CursorPosition,
): AsyncGenerator<T[]> {
  let position = start;
  for (let guard = 0; guard < 100_000; guard++) {
    const page = await fetch(position);
    if (page.items.length) yield page.items;
    const next = direction === 'before' ? page.meta.next_before_position : page.meta.next_after_position;
    // A page whose every item was left out still moves on by its cursor.
    if (!next || (page.items.length === 0 && !page.skipped)) return;
    position = next;
  }
}

/** Every page of a version 1 list, following meta.next_after until null. */
export async function* pagesV1<T>(fetch: (after: number | string | null) => Promise<Page<T>>): AsyncGenerator<T[]> {
  let after: number | string | null = null;
  for (let guard = 0; guard < 100_000; guard++) {
    const page = await fetch(after);
    if (page.items.length) yield page.items;
    if (page.meta.next_after === null || page.meta.next_after === undefined || page.items.length === 0) return;
    after = page.meta.next_after;
  }
}

/**
 * Offset/limit pages (GET /apps/{id}/users): ends on a short page; an item already seen is
 * dropped, since the list can shift between calls.
 */
export async function* pagesByOffset<T extends { id: string }>(
  fetch: (offset: number, limit: number) => Promise<T[]>,
  limit = 50,
  maxTotal = 10_000,
): AsyncGenerator<T[]> {
  const seen = new Set<string>();
  for (let offset = 0; offset + limit <= maxTotal; offset += limit) {
    const items = await fetch(offset, limit);
    const fresh = items.filter((item) => !seen.has(item.id));
    for (const item of fresh) seen.add(item.id);
    if (fresh.length) yield fresh;
    if (items.length < limit) return;
  }
}
