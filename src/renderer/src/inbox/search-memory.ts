import type { ConversationPart, Id } from '../../../shared/api/types';
import { conversationKey, type AccountId, type ConversationKey } from '../../../shared/accounts';
import type { VisitorProfile } from '../../../shared/directory';

/**
 * What Perch has read of conversations beyond their rows, for the search: the messages of
 * every conversation opened (older pages and live ones too) and the properties of every
 * visitor whose panel was shown. A row carries only its last message, so without this an
 * earlier reply ("use WELCOME10") or a visitor's phone would find nothing. Kept in memory for
 * this window, and bounded: the conversations read longest ago are forgotten first.
 */

/** How many conversations (and as many visitors) are remembered. */
const MAX_CONVERSATIONS = 2000;
/** Text kept per conversation: beyond it, further messages are not remembered (its row still shows the last). */
const MAX_TEXT = 50_000;

/** What a search can match of one part: its text without markup, and the names of its files. */
function partText(part: Pick<ConversationPart, 'body' | 'attachments'>): string {
  const text = part.body
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return [text, ...part.attachments.map((file) => file.filename ?? '')].join(' ').replace(/\s+/g, ' ').trim();
}

/** The values of a visitor's properties, custom ones and tags, as one lowercase text. */
function profileText(profile: VisitorProfile): string {
  const values = [...Object.values(profile.props), ...Object.values(profile.propsCustom), ...profile.tags];
  return values
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ')
    .toLowerCase();
}

interface Remembered {
  parts: Set<Id>;
  text: string;
}

/** Keeps the newest `max` entries of a Map used in insertion order (a read moves an entry to the end). */
function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}

export class SearchMemory {
  private readonly conversations = new Map<ConversationKey, Remembered>();
  private readonly visitors = new Map<string, string>();

  /** Adds the parts of a conversation; true when something new was remembered. */
  rememberParts(accountId: AccountId, conversationId: Id, parts: readonly ConversationPart[]): boolean {
    const key = conversationKey(accountId, conversationId);
    const known = this.conversations.get(key) ?? { parts: new Set<Id>(), text: '' };
    let added = false;
    for (const part of parts) {
      if (known.parts.has(part.id) || known.text.length >= MAX_TEXT) continue;
      known.parts.add(part.id);
      const text = partText(part).toLowerCase();
      if (text) known.text += `${text}\n`;
      added = true;
    }
    touch(this.conversations, key, known, MAX_CONVERSATIONS);
    return added;
  }

  /** Keeps what a visitor's profile says; true when it changed. */
  rememberVisitor(accountId: AccountId, profile: VisitorProfile): boolean {
    const key = conversationKey(accountId, profile.id);
    const text = profileText(profile);
    const changed = this.visitors.get(key) !== text;
    touch(this.visitors, key, text, MAX_CONVERSATIONS);
    return changed;
  }

  /** Everything remembered of a row's conversation and visitor, lowercase (empty when nothing is). */
  readonly recall = (row: { accountId?: AccountId; id: Id; visitorId: Id | null }): string => {
    if (row.accountId === undefined) return '';
    const parts = this.conversations.get(conversationKey(row.accountId, row.id))?.text ?? '';
    const visitor =
      row.visitorId === null ? '' : (this.visitors.get(conversationKey(row.accountId, row.visitorId)) ?? '');
    return parts && visitor ? `${parts} ${visitor}` : parts || visitor;
  };
}
