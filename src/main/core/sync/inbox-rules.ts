import type { Conversation, ConversationPart, CursorPosition } from '../../../shared/api/types';
import { ApiError } from '../api/errors';

/** The rules InboxSync reads and merges by: where copies come from, when they notify, and the read limits. */

/** Where a copy of a conversation came from. */
export type MergeSource = 'initial' | 'poll' | 'refresh' | 'sweep' | 'stream' | 'restore' | 'seen';

/** Copies read from the server just now, which the sweep then need not read again soon. */
export const FRESHENS: ReadonlySet<MergeSource> = new Set(['initial', 'poll', 'refresh', 'stream']);
/** Copies that can carry a visitor message Perch has not seen yet. */
export const MAY_NOTIFY: ReadonlySet<MergeSource> = new Set(['poll', 'refresh', 'sweep', 'stream']);

export const ALL = { includeNotAssigned: true } as const;
export const samePosition = (a: CursorPosition, b: CursorPosition) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
export const repeatedPage = () =>
  new ApiError('malformed', 'The server answered the same page again: the inbox cursor does not move');

/** The first read stops after this many pages (500,000 conversations at 50 a page). */
export const INITIAL_READ_MAX_PAGES = 10_000;
/** One poll reads at most this many pages; the next poll goes on from where it stopped. */
export const POLL_MAX_PAGES = 100;
/**
 * The visitor message a copy shows that the previous copy did not: its last part, or its last
 * reply when a later note, assignment or closing came before Perch looked.
 */
export function newVisitorMessage(previous: Conversation | undefined, current: Conversation): ConversationPart | null {
  const candidate =
    current.part_last?.type === 'reply_user'
      ? current.part_last
      : current.reply_last?.type === 'reply_user'
        ? current.reply_last
        : null;
  if (!candidate) return null;
  return candidate.id === previous?.part_last?.id || candidate.id === previous?.reply_last?.id ? null : candidate;
}

/** A re-read that brings nothing new (most sweep reads) changes no row and sends no event. */
export const sameConversation = (a: Conversation, b: Conversation) => JSON.stringify(a) === JSON.stringify(b);
