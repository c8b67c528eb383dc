import type { ConversationPart, Id } from '../../../../shared/api/types';
import type { AccountId, ConversationKey } from '../../../../shared/accounts';

/** The open conversation: of one account, named by its ID there and by its key among all. */
export interface ConversationState {
  accountId: AccountId;
  id: Id;
  key: ConversationKey;
  parts: ConversationPart[];
  loading: boolean;
  error: string | null;
  /** The server has no such conversation (a link to one removed, or of another account): nothing to retry. */
  missing?: boolean;
  hasOlder: boolean;
}

/** What the composer of a conversation holds unsent: closing it asks first. */
export interface Unsent {
  key: ConversationKey;
  reply: boolean;
  note: boolean;
}

/** What the composer writes: a reply the visitor reads, or a note only colleagues see. */
export type ComposerMode = 'reply' | 'note';

/** What Undo send took back from the outbox: the composer of its conversation holds it again. */
export interface TakenBack {
  key: ConversationKey;
  kind: ComposerMode;
  body: string;
}

/** The question on screen before a conversation with something unsent is closed (and the next one opened). */
export interface CloseQuestion {
  key: ConversationKey;
  andNext: boolean;
}
