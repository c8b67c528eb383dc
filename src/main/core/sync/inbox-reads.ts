import type { Conversation, CursorPosition } from '../../../shared/api/types';
import type { ApiClient } from '../api/client';
import {
  ALL,
  INITIAL_READ_MAX_PAGES,
  POLL_MAX_PAGES,
  repeatedPage,
  samePosition,
  type MergeSource,
} from './inbox-rules';

/** What the page reads need of the inbox they fill. */
export interface InboxReader {
  api: ApiClient;
  pageSize: number;
  /** Numbers a read when it is sent, so its answer cannot undo a later one. */
  nextRead(): number;
  /** Items a page kept and left out (they failed their check). */
  counted(kept: number, skipped: number): void;
  merge(items: Conversation[], source: MergeSource, seq: number): void;
}

/**
 * Reads the whole inbox page by page, newest first, merging each page as it arrives. The first
 * page holds only the newest conversation: the position where it ends is returned as where the
 * polls start, so the first poll finds only what changed since (an empty page when nothing).
 */
export async function readWholeInbox(
  reader: InboxReader,
  progress: (loaded: number) => void,
): Promise<CursorPosition | null> {
  let loaded = 0;
  let position: CursorPosition | undefined;
  let start: CursorPosition | null = null;
  for (let pages = 0; pages < INITIAL_READ_MAX_PAGES; pages++) {
    const seq = reader.nextRead();
    const count = pages === 0 ? 1 : reader.pageSize;
    const page = await reader.api.listConversations(ALL, { position, direction: 'before', count });
    if (pages === 0) start = page.meta.next_before_position ?? null;
    loaded += page.items.length;
    reader.counted(page.items.length, page.skipped ?? 0);
    progress(loaded);
    reader.merge(page.items, 'initial', seq);
    const next = page.meta.next_before_position;
    if (!next || (page.items.length === 0 && !page.skipped)) break;
    if (position && samePosition(next, position)) throw repeatedPage();
    position = next;
  }
  return start;
}

/**
 * One poll: every conversation updated since the cursor, oldest first, page by page. The
 * cursor moves after each page, so a later page's failure does not read the earlier ones again.
 * Returns how many conversations changed.
 */
export async function readSince(
  reader: InboxReader,
  cursor: { get(): CursorPosition | null; set(position: CursorPosition): void },
): Promise<number> {
  let changed = 0;
  for (let pages = 0; pages < POLL_MAX_PAGES; pages++) {
    const seq = reader.nextRead();
    const from = cursor.get();
    const page = await reader.api.listConversations(ALL, {
      position: from ?? undefined,
      direction: 'after',
      order: 'asc',
      count: reader.pageSize,
    });
    changed += page.items.length;
    reader.counted(page.items.length, page.skipped ?? 0);
    reader.merge(page.items, 'poll', seq);
    const read = page.items.length + (page.skipped ?? 0);
    const next = page.meta.next_after_position;
    // A server that names the position it was asked for again would be read for ever.
    if (next && from && samePosition(next, from) && read > 0) throw repeatedPage();
    // An empty page names no position: the cursor stays where the last page ended.
    if (next) cursor.set(next);
    // A page shorter than asked for is the last for now; what comes after it, the next poll reads.
    if (!next || read < reader.pageSize) return changed;
  }
  return changed;
}
