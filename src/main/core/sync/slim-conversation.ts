import type {
  AdminRef,
  Conversation,
  ConversationChannel,
  ConversationPart,
  ConversationUser,
  Id,
} from '../../../shared/api/types';
import type { ApiClient } from '../api/client';

/**
 * What the core keeps of a conversation in the inbox: the fields its row, its notification
 * and the cursor read. Everything else (the server's copies of the last parts, the visitor's
 * other properties, channel settings) is read again when a conversation is opened, so 10,000
 * conversations stay a few megabytes instead of tens.
 */

/** Visitor properties a row or a notification shows. */
const KEPT_PROPS = ['$name', '$email', '$phone', '$city'] as const;

/** Longer bodies are cut: a row and a notification show the first 140 characters. */
const BODY_MAX = 2000;

// Empty values and the few administrators and channels are shared by all conversations, not
// copied into each: they are never changed in place (every update replaces a conversation).
const EMPTY_RECORD: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;
const NO_ITEMS = Object.freeze([]) as unknown as never[];
const admins = new Map<string, Sender>();
const channels = new Map<string, ConversationChannel>();

/** An administrator, a bot or the default sender (which has no ID). */
type Sender = Omit<AdminRef, 'id'> & { id?: AdminRef['id'] };

function sharedAdmin<A extends Sender>(admin: A | null | undefined): A | null {
  if (!admin) return null;
  const key = `${admin.id}\u0000${admin.name}\u0000${admin.avatar}\u0000${admin.type}`;
  let shared = admins.get(key);
  if (!shared) {
    const copy = { name: admin.name, avatar: admin.avatar, type: admin.type };
    shared = Object.freeze(admin.id === undefined ? copy : { id: admin.id, ...copy });
    admins.set(key, shared);
  }
  return shared as A;
}

function sharedChannel(channel: ConversationChannel | null | undefined): ConversationChannel | null {
  if (!channel) return null;
  const key = `${channel.id}\u0000${channel.name}\u0000${channel.type}`;
  let shared = channels.get(key);
  if (!shared) {
    shared = Object.freeze({
      id: channel.id,
      name: channel.name,
      avatar: '',
      type: channel.type,
      read_permission: null,
    });
    channels.set(key, shared);
  }
  return shared;
}

function slimUser(user: ConversationUser): ConversationUser {
  const props: ConversationUser['props'] = {};
  for (const key of KEPT_PROPS) if (user.props[key] !== undefined) props[key] = user.props[key];
  return { id: user.id, user_id: user.user_id, presence: user.presence, props };
}

function slimPart(part: ConversationPart): ConversationPart {
  return {
    id: part.id,
    created: part.created,
    conversation: part.conversation,
    body: part.body.length > BODY_MAX ? part.body.slice(0, BODY_MAX) : part.body,
    body_json: EMPTY_RECORD,
    read: part.read,
    direction: part.direction,
    type: part.type,
    sent_via: part.sent_via,
    attachments: part.attachments.length ? part.attachments.slice(0, 1) : NO_ITEMS,
    meta_data: EMPTY_RECORD,
    reply_type: part.reply_type,
    actions: null,
    edited: null,
    removed: null,
    external_id: null,
    random_id: part.random_id,
    part_group: part.part_group,
    from: typeof part.from === 'object' ? sharedAdmin(part.from) : part.from,
  };
}

export function slimConversation(conversation: Conversation): Conversation {
  const { channel, user, part_last: last } = conversation;
  return {
    id: conversation.id,
    created: conversation.created,
    ...(user ? { user: slimUser(user) } : {}),
    channel: sharedChannel(channel),
    read: conversation.read,
    replied: conversation.replied,
    clicked: conversation.clicked,
    unsubscribed: conversation.unsubscribed,
    closed: conversation.closed,
    message: conversation.message ?? null,
    type: conversation.type,
    reply_type: conversation.reply_type,
    part_last: last ? slimPart(last) : null,
    // What the agent's unread mark and notifications read when a note or a close came after it;
    // most often it is the last part itself, and then not kept twice.
    ...(conversation.reply_last && conversation.reply_last.id !== last?.id
      ? { reply_last: slimPart(conversation.reply_last) }
      : {}),
    parts_count: conversation.parts_count,
    assignee: sharedAdmin(conversation.assignee),
    unread_parts_count: conversation.unread_parts_count,
    last_admin: sharedAdmin(conversation.last_admin),
    last_update: conversation.last_update,
    tags: conversation.tags.length ? conversation.tags : NO_ITEMS,
  };
}

/**
 * The API as the inbox reads it: every conversation it lists or reads comes slimmed. Paging
 * (`conversationsBefore`) goes through `listConversations`, so it is slimmed too.
 */
export function slimInboxApi(api: ApiClient): ApiClient {
  return Object.create(api, {
    listConversations: {
      value: async (...args: Parameters<ApiClient['listConversations']>) => {
        const page = await api.listConversations(...args);
        return { ...page, items: page.items.map(slimConversation) };
      },
    },
    getConversation: { value: async (id: Id) => slimConversation(await api.getConversation(id)) },
  }) as ApiClient;
}
