import type { Id } from '../shared/api/types';
import type { ConversationRecord, PartRecord } from './model';
import type { Presenter } from './present';
import type { ConversationChange, TypingEvent } from './store';

/** One message for one channel, before the envelope: `{channel}.{app_id}` and its payload. */
export interface ChannelMessage {
  appId: Id;
  channel: string;
  message: unknown;
}

/** System parts the platform announces on channels of their own (/rts/channels). */
const SYSTEM_CHANNELS: Record<string, string> = {
  assigned: 'conversation_assigned',
  closed: 'conversation_closed',
  tag_added: 'conversation_tag_added',
  tag_deleted: 'conversation_tag_deleted',
};

/**
 * What the Realtime Services publish for a store change, in the documented shapes
 * (docs/realtime.md): a new part on `conversation_reply` (the part with `assignee`), the
 * first part also on `conversation` (the new conversation), system parts on their own channels.
 * Shapes of pages the documentation does not keep (read, closed, tags) are Perch's decision.
 */
export function messagesForPart(
  present: Presenter,
  conversation: ConversationRecord,
  part: PartRecord,
): ChannelMessage[] {
  const appId = conversation.appId;
  const system = SYSTEM_CHANNELS[part.type];
  if (system) {
    const by = present.admin(part.fromAdminId);
    const message: Record<string, unknown> = { conversation: conversation.id, admin: by };
    if (part.type === 'assigned') message.assignee = present.admin(part.assigneeId);
    if (part.type.startsWith('tag_')) message.tag = part.body;
    return [{ appId, channel: `${system}.${appId}`, message }];
  }
  const messages: ChannelMessage[] = [];
  if (conversation.parts.length === 1)
    messages.push({
      appId,
      channel: `conversation.${appId}`,
      message: present.conversation(conversation, { withUser: true, withChannel: true }),
    });
  messages.push({
    appId,
    channel: `conversation_reply.${appId}`,
    message: { ...present.part(part), assignee: present.admin(conversation.assigneeId), random_id: part.randomId },
  });
  return messages;
}

/** A change without a part: the visitor read the conversation, or a version 1 tag change. */
export function messagesForChange(
  present: Presenter,
  conversation: ConversationRecord,
  change: ConversationChange,
): ChannelMessage[] {
  const appId = conversation.appId;
  if (change.kind === 'read')
    return [
      {
        appId,
        channel: `conversation_read.${appId}`,
        message: { conversation: conversation.id, user: conversation.userId },
      },
    ];
  return [
    {
      appId,
      channel: `conversation_${change.kind}.${appId}`,
      message: { conversation: conversation.id, tag: change.tag, admin: present.admin(change.adminId) },
    },
  ];
}

/** Someone typing: the visitor (`user`, an ID) or an administrator (`admin`, an Admin). */
export function messageForTyping(present: Presenter, event: TypingEvent): ChannelMessage {
  const appId = event.conversation.appId;
  const who = event.from === 'user' ? { user: event.conversation.userId } : { admin: present.admin(event.adminId) };
  return {
    appId,
    channel: `conversation_typing.${appId}`,
    message: { ...who, conversation: event.conversation.id, body: event.body },
  };
}

/** A visitor came, went or idled: an array, as the platform sends it. */
export function messageForPresence(appId: Id, userId: Id, presence: string): ChannelMessage {
  return {
    appId,
    channel: `user_presence_changed.${appId}`,
    message: [{ user: userId, presence, presence_details: {} }],
  };
}
