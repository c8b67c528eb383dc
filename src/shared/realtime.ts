import type { Conversation, ConversationPart, Id } from './api/types';

/** Events of the sandbox's realtime stream (docs/realtime.md); `type` is also the SSE event name. */
export type RealtimeEvent =
  | { type: 'part'; conversation: Conversation; part: ConversationPart }
  | { type: 'conversation'; conversation: Conversation }
  | { type: 'typing'; conversation_id: Id; from: 'user' | 'admin'; admin_id: Id | null; body: string };
