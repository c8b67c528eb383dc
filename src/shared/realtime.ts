import type { ConversationPart, Id } from './api/types';

/**
 * What Perch takes from the platform's Realtime Services (/rts/channels), checked and reduced to
 * what the core acts on. A change never carries a whole conversation: Perch reads it, so a
 * message lost or out of order costs nothing the next read does not mend.
 */
export type RealtimeEvent =
  /** Something happened in a conversation: a new part, an assignment, a close, a tag, a read. */
  | { type: 'changed'; conversationId: Id; part: ConversationPart | null }
  | { type: 'typing'; conversationId: Id; from: 'user' | 'admin'; adminId: Id | null; body: string }
  | { type: 'presence'; users: { id: Id; presence: string }[] };

/** The state of an account's realtime connection, as Diagnostics and the sync status say it. */
export type RealtimeStatus =
  | 'connecting'
  | 'connected'
  /** WebSocket cannot connect (a proxy): the messages come by long polling. */
  | 'long-polling'
  | 'disconnected'
  /**
   * The server answers but does not deliver as the protocol says (long polls answered at once,
   * connections that open and say nothing): polling carries everything while Perch tries again.
   */
  | 'degraded'
  /** No Realtime Services for this address, or the token may read none of the channels. */
  | 'unsupported'
  | 'signed-out'
  | 'off';
