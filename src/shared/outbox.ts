import type { Id, QuickReplyAction } from './api/types';
import type { AttachmentRef } from './attachments';

/** What an agent asked Perch to do; each becomes one API write through the outbox. */
export type OutboxAction =
  | {
      kind: 'reply';
      conversationId: Id;
      body: string;
      note: boolean;
      actions?: QuickReplyAction[];
      attachment?: AttachmentRef;
    }
  | { kind: 'tag'; conversationId: Id; tag: string; op: 'add' | 'delete' }
  | { kind: 'assign'; conversationId: Id; adminId: Id | null }
  | { kind: 'close'; conversationId: Id };

export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

/** Why the last attempt failed, in words the renderer can put into the agent's language. */
export type OutboxFailure = 'offline' | 'server' | 'refused' | 'not-found' | 'permission' | 'signed-out' | 'malformed';

export interface OutboxItem {
  id: string;
  action: OutboxAction;
  /** From a cryptographic source, chosen once and kept across every retry and restart. */
  randomId: number;
  state: OutboxState;
  attempts: number;
  /** Failed attempts of any kind, offline ones too (attempts counts only those that use up the limit). */
  tries?: number;
  createdAt: number;
  nextAttemptAt: number;
  /** The last attempt may have landed although no answer came: look before sending again. */
  ambiguous: boolean;
  /** The server's own words about the last failure (shown as a detail, below Perch's sentence). */
  lastError: string | null;
  failure?: OutboxFailure | null;
  partId: Id | null;
  /**
   * Until then (ms since the epoch) the agent may take the write back with Undo, and nothing of
   * it is sent; Perch quitting ends the window (see Outbox.sendHeld). Absent: sent at once.
   */
  undoUntil?: number | null;
  /** The batch of the inbox's bulk actions the write belongs to: one Undo takes the whole batch back. */
  batch?: string;
}
