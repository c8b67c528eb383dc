import type {
  Channel,
  Conversation,
  ConversationChannel,
  ConversationPart,
  ConversationUser,
  Id,
} from '../shared/api/types';
import { adminRef, type ChannelRecord, type ConversationRecord, type PartRecord, type UserRecord } from './model';
import type { SandboxStore } from './store';

/**
 * Objects show times in whole seconds, as the platform's do; the sandbox keeps microseconds for
 * its cursors, which are the only place finer times appear (docs/api-decisions.md, "Times").
 */
export const wholeSeconds = (t: number) => Math.floor(t);

/** Turns sandbox records into the API's JSON shapes. */
export class Presenter {
  constructor(private readonly store: SandboxStore) {}

  admin(id: Id | null) {
    const admin = id === null ? undefined : this.store.admins.get(id);
    return admin ? adminRef(admin) : null;
  }

  part(record: PartRecord): ConversationPart {
    const from = record.direction === 'a2u' ? this.admin(record.fromAdminId) : record.fromUserId;
    const part: ConversationPart = {
      id: record.id,
      created: wholeSeconds(record.created),
      conversation: record.conversationId,
      body: record.body,
      body_json: record.bodyJson,
      read: record.read,
      // No `direction`: deprecated, and absent from every documented sample (/objects/conversationpart).
      type: record.type,
      sent_via: record.sentVia,
      attachments: record.attachments,
      meta_data: record.metaData,
      reply_type: record.replyType,
      actions: record.actions,
      edited: null,
      removed: null,
      external_id: record.externalId,
      random_id: record.randomId,
      part_group: record.id,
      from,
    };
    if (record.type === 'assigned') part.assignee = this.admin(record.assigneeId);
    return part;
  }

  channel(record: ChannelRecord): Channel {
    let notAssigned = 0;
    let notRead = 0;
    for (const c of this.store.conversations.values()) {
      if (c.channelId !== record.id || c.closed) continue;
      if (c.assigneeId === null) notAssigned += 1;
      if (!c.read) notRead += 1;
    }
    return {
      id: record.id,
      name: record.name,
      avatar: record.avatar,
      type: record.type,
      droppable: false,
      operators: record.operatorIds.map((id) => this.admin(id)).filter((a) => a !== null),
      not_assigned_count: notAssigned,
      not_read_count: notRead,
      read_permission: null,
      auto_set: null,
      auto_set_settings: null,
      priority: null,
    };
  }

  /** A channel inside a conversation: the light form, without the counters that cost a scan. */
  channelRef(id: Id | null): ConversationChannel | null {
    const record = id === null ? undefined : this.store.channels.get(id);
    if (!record) return null;
    return { id: record.id, name: record.name, avatar: record.avatar, type: record.type, read_permission: null };
  }

  conversationUser(record: UserRecord): ConversationUser {
    return { id: record.id, user_id: record.userId, presence: record.presence, props: record.props, app: record.appId };
  }

  conversation(record: ConversationRecord, options: { withUser: boolean; withChannel: boolean }): Conversation {
    const last = record.parts[record.parts.length - 1];
    const lastReply = findLast(record.parts, (p) => p.type === 'reply_user' || p.type === 'reply_admin');
    const conversation: Conversation = {
      id: record.id,
      created: wholeSeconds(record.created),
      read: record.read,
      replied: record.replied,
      clicked: record.clicked,
      unsubscribed: record.unsubscribed,
      closed: record.closed,
      message: record.messageId ?? null,
      type: record.type,
      reply_type: record.replyType,
      part_last: last ? this.part(last) : null,
      important_part_last: lastReply ? this.part(lastReply) : null,
      reply_last: lastReply ? this.part(lastReply) : null,
      parts_count: record.parts.length,
      assignee: this.admin(record.assigneeId),
      unread_parts_count: record.unreadPartsCount,
      last_admin: this.admin(record.lastAdminId),
      last_update: wholeSeconds(record.lastUpdate),
      tags: [...record.tags],
    };
    const user = this.store.users.get(record.userId);
    if (options.withUser && user) conversation.user = this.conversationUser(user);
    if (options.withChannel) conversation.channel = this.channelRef(record.channelId);
    return conversation;
  }
}

function findLast<T>(items: T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return items[i];
  return undefined;
}
