import type { AccountId } from './accounts';
import type { QuickReplyAction } from './api/types';

/** A reply the agent keeps to insert again; `{{…}}` variables are filled when it is inserted. */
export interface SavedReply {
  id: string;
  title: string;
  body: string;
  /** The account it belongs to; null: shared by every account. */
  accountId: AccountId | null;
  /** Quick-reply buttons sent with it. */
  buttons: QuickReplyAction[];
}

/** A reply as the editor sends it: without an ID it is new. */
export type SavedReplyInput = Omit<SavedReply, 'id'> & { id?: string };

export const SAVED_REPLY_LIMITS = {
  count: 500,
  title: 120,
  /** An import file larger than this is refused before it is read. */
  fileBytes: 2_000_000,
} as const;

/** What an import did, or why it changed nothing. */
export type SavedRepliesImport =
  | { ok: true; replies: SavedReply[]; added: number; replaced: number }
  | { ok: false; problem: 'too-big' | 'not-json' | 'not-saved-replies' | 'damaged' | 'too-many' };

/** The replies an account sees: its own and the shared ones, in the saved order. */
export function repliesFor(replies: readonly SavedReply[], accountId: AccountId | null): SavedReply[] {
  return replies.filter((r) => r.accountId === null || r.accountId === accountId);
}

/** The replies whose title or text hold every word of the query, case aside. */
export function searchReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...replies];
  return replies.filter((r) => {
    const haystack = `${r.title}\n${r.body}`.toLocaleLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
