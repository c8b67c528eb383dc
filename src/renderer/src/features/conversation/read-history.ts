import type { ConversationPart } from '../../../../shared/api/types';
import type { AccountId, ConversationKey } from '../../../../shared/accounts';
import { splitKey } from '../accounts/selectors';

/** How many conversations are held: those opened most recently. */
const MAX_CONVERSATIONS = 50;
/** The newest parts held of each: a long conversation keeps its latest page and a few more. */
const MAX_PARTS = 300;

/** The messages of a conversation as the window last showed them, read without trouble. */
export interface HeldHistory {
  parts: readonly ConversationPart[];
  hasOlder: boolean;
}

/**
 * The conversations opened in this window, as last read: when the server cannot give one
 * again (5xx, offline), reopening it shows what Perch already read instead of an empty pane.
 * Kept in memory only and bounded; an account that goes takes its conversations with it.
 */
export class ReadHistory {
  private readonly held = new Map<ConversationKey, HeldHistory>();

  get(key: ConversationKey): HeldHistory | undefined {
    return this.held.get(key);
  }

  keep(key: ConversationKey, history: HeldHistory): void {
    const parts = history.parts.length > MAX_PARTS ? history.parts.slice(-MAX_PARTS) : history.parts;
    this.held.delete(key);
    this.held.set(key, { parts, hasOlder: history.hasOlder || parts !== history.parts });
    while (this.held.size > MAX_CONVERSATIONS) this.held.delete(this.held.keys().next().value!);
  }

  forget(key: ConversationKey): void {
    this.held.delete(key);
  }

  /** Forgets the conversations of accounts no longer held. */
  keepAccounts(held: ReadonlySet<AccountId>): void {
    for (const key of [...this.held.keys()]) if (!held.has(splitKey(key).accountId)) this.held.delete(key);
  }
}

/** The window's one history. */
export const readHistory = new ReadHistory();
