import type { Id } from '../shared/api/types';
import type { ConversationRecord, PartRecord } from './model';
import type { Presenter } from './present';
import type { ConversationChange, TypingEvent, UserChange } from './store';

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

/** A message on `{name}.{app_id}` and on its copy for the conversation's visitor, `{name}.{app_id}.{user_id}` (/rts/channels). */
function withVisitorCopy(conversation: ConversationRecord, name: string, message: unknown): ChannelMessage[] {
  const appId = conversation.appId;
  return [
    { appId, channel: `${name}.${appId}`, message },
    { appId, channel: `${name}.${appId}.${conversation.userId}`, message },
  ];
}

/**
 * What the Realtime Services publish for a store change, in the documented shapes
 * (docs/realtime.md): every new part on `conversation_reply` (the part with `assignee` and
 * `random_id`; assign, close and tag parts too, as their REST pages say their `random_id`
 * comes back there), system parts also on their own channels, the first part also on
 * `conversation` (the new conversation) and, when the visitor wrote it, on
 * `conversation_started_user`. Shapes of pages the documentation does not keep (read, closed,
 * tags) are Perch's decision.
 */
export function messagesForPart(
  present: Presenter,
  conversation: ConversationRecord,
  part: PartRecord,
): ChannelMessage[] {
  const appId = conversation.appId;
  const messages: ChannelMessage[] = [];
  if (conversation.parts.length === 1) {
    const started = present.conversation(conversation, { withUser: true, withChannel: true });
    messages.push(...withVisitorCopy(conversation, 'conversation', started));
    if (part.type === 'reply_user')
      messages.push({ appId, channel: `conversation_started_user.${appId}`, message: started });
  }
  const reply = { ...present.part(part), assignee: present.admin(conversation.assigneeId), random_id: part.randomId };
  messages.push(...withVisitorCopy(conversation, 'conversation_reply', reply));
  const system = SYSTEM_CHANNELS[part.type];
  if (system) {
    const by = present.admin(part.fromAdminId);
    const message: Record<string, unknown> = { conversation: conversation.id, admin: by };
    if (part.type === 'assigned') message.assignee = present.admin(part.assigneeId);
    if (part.type.startsWith('tag_')) message.tag = part.body;
    messages.push({ appId, channel: `${system}.${appId}`, message });
  }
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
    return withVisitorCopy(conversation, 'conversation_read', {
      conversation: conversation.id,
      user: conversation.userId,
    });
  return [
    {
      appId,
      channel: `conversation_${change.kind}.${appId}`,
      message: { conversation: conversation.id, tag: change.tag, admin: present.admin(change.adminId) },
    },
  ];
}

/** Someone typing: the visitor (`user`, an ID) or an administrator (`admin`, an Admin). */
export function messagesForTyping(present: Presenter, event: TypingEvent): ChannelMessage[] {
  const who = event.from === 'user' ? { user: event.conversation.userId } : { admin: present.admin(event.adminId) };
  return withVisitorCopy(event.conversation, 'conversation_typing', {
    ...who,
    conversation: event.conversation.id,
    body: event.body,
  });
}

/**
 * A visitor's properties changed, or they did something: `user_props_changed.{app_id}.{user_id}`
 * and `event.{app_id}.{user_id}`. The pages keep no sample; `{user, props}` (the new values,
 * null for a deleted one) and the event `{id, name, created, params, user}` are the sandbox's.
 */
export function messageForUser(appId: Id, userId: Id, change: UserChange): ChannelMessage {
  if (change.kind === 'props')
    return { appId, channel: `user_props_changed.${appId}.${userId}`, message: { user: userId, props: change.props } };
  return { appId, channel: `event.${appId}.${userId}`, message: { ...change.event, user: userId } };
}

/** A visitor came, went or idled: an array, as the platform sends it. */
export function messageForPresence(appId: Id, userId: Id, presence: string): ChannelMessage {
  return {
    appId,
    channel: `user_presence_changed.${appId}`,
    message: [{ user: userId, presence, presence_details: {} }],
  };
}
