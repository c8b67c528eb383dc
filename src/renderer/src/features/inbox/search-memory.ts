import type { Id } from '../../../../shared/api/types';
import { conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import type { VisitorProfile } from '../../../../shared/directory';
import { SEARCH_WORD_MAX_CHARS, SEARCH_WORDS_MAX, type SearchAnswer } from '../../../../shared/search';

/**
 * What the search knows of conversations beyond their rows. Main keeps every message Perch has
 * read and every reply and note the agent sent (`search:text`, across reloads and restarts):
 * this holds its answers for the words searched last, as which conversation holds which word.
 * Beside them, the properties of every visitor whose panel was shown in this window. A row
 * carries only its last message, so without these an earlier reply ("use WELCOME10") or a
 * visitor's phone would find nothing.
 */

/** A row as the search memory reads it. */
interface RecalledRow {
  accountId?: AccountId;
  id: Id;
  visitorId: Id | null;
}

/** Whether what Perch knows of a row beyond it holds a word, for the words of one search. */
export type Recall = (words: readonly string[]) => (row: RecalledRow, word: string) => boolean;

/** How many visitors are remembered. */
const MAX_VISITORS = 2000;
/** Words whose answers are kept: those of the inbox's search and the palette's, with room to type. */
const MAX_WORDS = 48;

/** The values of a visitor's properties, custom ones and tags, as one lowercase text. */
function profileText(profile: VisitorProfile): string {
  const values = [...Object.values(profile.props), ...Object.values(profile.propsCustom), ...profile.tags];
  return values
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ')
    .toLowerCase();
}

/** Keeps the newest `max` entries of a Map used in insertion order (a write moves an entry to the end). */
function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}

/** The words of a search main is asked about: each once, at most a dozen, each cut to its length. */
export function wordsToAsk(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => w.slice(0, SEARCH_WORD_MAX_CHARS)))].slice(0, SEARCH_WORDS_MAX);
}

export class SearchMemory {
  /** For each word asked about, the conversations main said hold it. */
  private readonly found = new Map<string, Set<ConversationKey>>();
  private readonly visitors = new Map<string, string>();

  /** Main's answer for these words; true when it changed what a search finds. */
  receive(words: readonly string[], answer: SearchAnswer): boolean {
    let changed = false;
    words.forEach((word, bit) => {
      const keys = new Set<ConversationKey>();
      for (const hit of answer.hits)
        if (hit.words & (1 << bit)) keys.add(conversationKey(hit.accountId, hit.conversationId));
      const before = this.found.get(word);
      if (!before || before.size !== keys.size || [...keys].some((k) => !before.has(k))) changed = true;
      touch(this.found, word, keys, MAX_WORDS);
    });
    return changed;
  }

  /** Keeps what a visitor's profile says; true when it changed. */
  rememberVisitor(accountId: AccountId, profile: VisitorProfile): boolean {
    const key = conversationKey(accountId, profile.id);
    const text = profileText(profile);
    const changed = this.visitors.get(key) !== text;
    touch(this.visitors, key, text, MAX_VISITORS);
    return changed;
  }

  /**
   * For one search's words, whether what is known of a row's conversation and visitor holds a
   * word: a word main found in its messages that the word is part of, or the visitor's
   * properties. Which found words a searched word is part of is worked out once per search, not
   * once per row.
   */
  readonly recall: Recall = (words) => {
    const holders = new Map(
      words.map((word) => [word, [...this.found].filter(([found]) => found.includes(word)).map(([, keys]) => keys)]),
    );
    const visitors = this.visitors;
    return (row, word) => {
      if (row.accountId === undefined) return false;
      const sets = holders.get(word) ?? [];
      if (sets.length > 0) {
        const key = conversationKey(row.accountId, row.id);
        if (sets.some((keys) => keys.has(key))) return true;
      }
      if (row.visitorId === null || visitors.size === 0) return false;
      return visitors.get(conversationKey(row.accountId, row.visitorId))?.includes(word) ?? false;
    };
  };
}
