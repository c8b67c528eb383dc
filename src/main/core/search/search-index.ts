import type { AccountId } from '../../../shared/accounts';
import type { Id } from '../../../shared/api/types';
import type { SearchAnswer } from '../../../shared/search';

/**
 * What Perch has read of every conversation, as lowercase text to search, in memory and
 * bounded: the conversations read longest ago are forgotten first. Each change is also
 * returned as a journal record, so `SearchStore` can write it and a later run replays it to
 * the same index (the bounds apply the same way on replay).
 */

export interface SearchLimits {
  /** Conversations kept, over every account. */
  conversations: number;
  /** Text kept per conversation: beyond it, its further messages are not kept (its row still shows the last). */
  conversationChars: number;
  /** Text kept over every conversation. */
  totalChars: number;
  /** Conversations an answer carries at most. */
  hits: number;
}

export const SEARCH_LIMITS: SearchLimits = {
  conversations: 20_000,
  conversationChars: 8_000,
  totalChars: 16_000_000,
  hits: 20_000,
};

/** One part to keep: its ID (a part is kept once) and its searchable text. */
export interface ReadPart {
  id: Id;
  text: string;
}

/** A change as the journal keeps it: parts added to a conversation, or an account forgotten. */
export type SearchRecord = ['add', string, Id[], string] | ['forget', AccountId];

interface Entry {
  /** The kept parts' IDs, each between spaces: a part read again adds nothing. */
  ids: string;
  text: string;
}

const KEY_SEPARATOR = '/';

export class SearchIndex {
  /** In the order of their last addition: the first is the one read longest ago. */
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(private readonly limits: SearchLimits = SEARCH_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  get totalChars(): number {
    return this.chars;
  }

  /** Keeps the parts not kept yet; the record to journal, or null when nothing was new. */
  add(accountId: AccountId, conversationId: Id, parts: readonly ReadPart[]): SearchRecord | null {
    const key = `${accountId}${KEY_SEPARATOR}${conversationId}`;
    const entry = this.entries.get(key) ?? { ids: ' ', text: '' };
    const ids: Id[] = [];
    let text = '';
    for (const part of parts) {
      const lower = part.text.toLowerCase();
      if (!lower || entry.ids.includes(` ${part.id} `) || ids.includes(part.id)) continue;
      if (entry.text.length + text.length + lower.length + 1 > this.limits.conversationChars) break;
      ids.push(part.id);
      text += `${lower}\n`;
    }
    if (ids.length === 0) return null;
    this.apply(key, ids, text);
    return ['add', key, ids, text];
  }

  /** An account signed out: nothing of it stays. */
  forget(accountId: AccountId): SearchRecord | null {
    const prefix = `${accountId}${KEY_SEPARATOR}`;
    let forgot = false;
    for (const [key, entry] of this.entries)
      if (key.startsWith(prefix)) {
        this.entries.delete(key);
        this.chars -= entry.text.length;
        forgot = true;
      }
    return forgot ? ['forget', accountId] : null;
  }

  /** Applies a journal record read back; false when it is not one. */
  replay(record: unknown): boolean {
    if (!Array.isArray(record)) return false;
    const [kind, a, b, c] = record as unknown[];
    if (kind === 'forget' && typeof a === 'string') return (this.forget(a), true);
    if (
      kind !== 'add' ||
      typeof a !== 'string' ||
      !a.includes(KEY_SEPARATOR) ||
      !Array.isArray(b) ||
      !b.every((id) => typeof id === 'string' && /^\d{1,20}$|^[\w-]{1,64}$/.test(id)) ||
      typeof c !== 'string' ||
      c.length > this.limits.conversationChars
    )
      return false;
    // A record the snapshot already holds (a crash between writing it and emptying the journal).
    if (!this.entries.get(a)?.ids.includes(` ${String(b[0])} `)) this.apply(a, b as Id[], c);
    return true;
  }

  /** Every conversation, read longest ago first: what a snapshot holds, as records to replay. */
  records(): SearchRecord[] {
    return [...this.entries].map(([key, entry]) => ['add', key, entry.ids.trim().split(' '), entry.text]);
  }

  /**
   * Conversations whose text holds any of the words (lowercase), most recently read first,
   * each with the words it holds as bits.
   */
  search(words: readonly string[]): SearchAnswer {
    const hits: SearchAnswer['hits'] = [];
    if (words.length === 0) return { hits, truncated: false };
    const keys = [...this.entries.keys()];
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const text = this.entries.get(key)!.text;
      let found = 0;
      for (let w = 0; w < words.length; w++) if (text.includes(words[w]!)) found |= 1 << w;
      if (found === 0) continue;
      if (hits.length === this.limits.hits) return { hits, truncated: true };
      const at = key.indexOf(KEY_SEPARATOR);
      hits.push({ accountId: key.slice(0, at), conversationId: key.slice(at + 1), words: found });
    }
    return { hits, truncated: false };
  }

  private apply(key: string, ids: readonly Id[], text: string): void {
    const entry = this.entries.get(key) ?? { ids: ' ', text: '' };
    this.entries.delete(key);
    entry.ids += `${ids.join(' ')} `;
    entry.text += text;
    this.chars += text.length;
    this.entries.set(key, entry);
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.limits.conversations && this.chars <= this.limits.totalChars) break;
      if (oldKey === key) break;
      this.entries.delete(oldKey);
      this.chars -= old.text.length;
    }
  }
}
