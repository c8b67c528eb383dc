import type { ConversationPart, Id } from './api/types';
import type { AccountId } from './accounts';
import { htmlToText } from './text';

/**
 * The search of what Perch has read: the words of a search as the inbox splits them, and the
 * answer main gives for them (`search:text`).
 */

/** At most this many words of a search are looked up in what Perch has read. */
export const SEARCH_WORDS_MAX = 12;
/** A longer word is looked up by its first this many characters. */
export const SEARCH_WORD_MAX_CHARS = 100;

/** A conversation whose stored text holds some words of the search: `words` has bit i set for word i. */
export interface SearchHit {
  accountId: AccountId;
  conversationId: Id;
  words: number;
}

export interface SearchAnswer {
  hits: SearchHit[];
  /** More conversations matched than an answer carries (the most recently read come first). */
  truncated: boolean;
}

/** What a search can match of one part: its text without markup, and the names of its files. */
export function partText(part: Pick<ConversationPart, 'body' | 'attachments'>): string {
  const text = htmlToText(part.body);
  return [text, ...part.attachments.map((file) => file.filename ?? '')].join(' ').replace(/\s+/g, ' ').trim();
}
