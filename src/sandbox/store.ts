import type { Id, Timestamp } from '../shared/api/types';
import { SandboxFiles } from './files';
import type {
  AdminRecord,
  AppRecord,
  ChannelRecord,
  ConversationRecord,
  PartRecord,
  SegmentRecord,
  TokenRecord,
  UserRecord,
} from './model';
import { conversationKey } from './model';
import { SortedIndex } from './sorted-index';

/** Where the sandbox's IDs start: past 2^53 (9007199254740992), like the platform's samples. */
export const FIRST_ID = 1160406004324630000n;

export type PartInput = Omit<PartRecord, 'id' | 'conversationId' | 'created'> & { created?: Timestamp };

export interface TypingEvent {
  conversation: ConversationRecord;
  from: 'user' | 'admin';
  adminId: Id | null;
  body: string;
}

/** A change that adds no part: the visitor read the conversation, or a version 1 tag change. */
export type ConversationChange =
  { kind: 'read' } | { kind: 'tag_added' | 'tag_deleted'; tag: string; adminId: Id | null };

/** A visitor's properties changed (their new values, null when deleted), or they did something. */
export type UserChange =
  | { kind: 'props'; props: Record<string, unknown> }
  | { kind: 'event'; event: { id: Id; name: string; created: number; params: Record<string, unknown> } };

/** What the Realtime Services and persistence listen to. */
export interface StoreEvents {
  part(conversation: ConversationRecord, part: PartRecord): void;
  conversation(conversation: ConversationRecord, change: ConversationChange): void;
  typing(event: TypingEvent): void;
  /** A visitor came, went or idled. */
  presence?(appId: Id, userId: Id, presence: string): void;
  user?(appId: Id, userId: Id, change: UserChange): void;
}

/**
 * All sandbox state, with the indexes that keep every list request O(log n + page).
 * Every write to a conversation goes through here so its derived fields stay consistent.
 */
export class SandboxStore {
  /** The files attached to replies, served at addresses of their own (./files.ts). */
  readonly files = new SandboxFiles();
  readonly apps = new Map<Id, AppRecord>();
  readonly admins = new Map<Id, AdminRecord>();
  readonly channels = new Map<Id, ChannelRecord>();
  readonly users = new Map<Id, UserRecord>();
  readonly conversations = new Map<Id, ConversationRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly segments = new Map<Id, SegmentRecord>();
  /** Event type IDs by `${appId}:${name}`. */
  readonly eventTypes = new Map<string, Id>();
  private readonly byApp = new Map<Id, SortedIndex<ConversationRecord>>();
  private readonly listeners: StoreEvents[] = [];
  /** IDs are 64-bit, as the platform's: all of them above 2^53, where a JavaScript number rounds. */
  private lastId = FIRST_ID;
  private lastTime = 0;

  constructor(private readonly now: () => number = Date.now) {}

  nextId(): Id {
    this.lastId += 1n;
    return String(this.lastId);
  }

  /**
   * Current time in seconds with microsecond precision, strictly increasing: the precision of
   * the platform's cursors. Objects show it in whole seconds (present.ts), so many share one.
   */
  clock(): Timestamp {
    const t = Math.max(Math.round(this.now() * 1000) / 1e6, this.lastTime + 1e-6);
    this.lastTime = Math.round(t * 1e6) / 1e6;
    return this.lastTime;
  }

  counters(): { lastId: string; lastTime: number } {
    return { lastId: String(this.lastId), lastTime: this.lastTime };
  }

  restoreCounters(lastId: Id, lastTime: number): void {
    if (BigInt(lastId) > this.lastId) this.lastId = BigInt(lastId);
    this.lastTime = Math.max(this.lastTime, lastTime);
  }

  subscribe(listener: StoreEvents): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  conversationIndex(appId: Id): SortedIndex<ConversationRecord> {
    let index = this.byApp.get(appId);
    if (!index) {
      index = new SortedIndex(conversationKey);
      this.byApp.set(appId, index);
    }
    return index;
  }

  /** Adds conversations built elsewhere (demo data), indexing them in one sort. */
  loadConversations(records: ConversationRecord[]): void {
    const perApp = new Map<Id, ConversationRecord[]>();
    for (const record of records) {
      this.conversations.set(record.id, record);
      const list = perApp.get(record.appId) ?? [];
      list.push(record);
      perApp.set(record.appId, list);
      for (const id of [record.id, ...record.parts.map((p) => p.id)])
        if (BigInt(id) > this.lastId) this.lastId = BigInt(id);
      this.lastTime = Math.max(this.lastTime, record.lastUpdate);
    }
    for (const [appId, list] of perApp) this.conversationIndex(appId).load(list);
  }

  createUser(appId: Id, userId: string | null): UserRecord {
    const user: UserRecord = {
      id: this.nextId(),
      appId,
      userId,
      presence: 'offline',
      presenceDetails: {},
      props: {},
      propsCustom: {},
      emailStatus: 'subscribed',
    };
    this.users.set(user.id, user);
    return user;
  }

  createConversation(appId: Id, userId: Id, channelId: Id | null, type = 'popup_chat'): ConversationRecord {
    const created = this.clock();
    const record: ConversationRecord = {
      id: this.nextId(),
      appId,
      created,
      userId,
      channelId,
      read: true,
      replied: false,
      clicked: false,
      unsubscribed: false,
      closed: false,
      type,
      replyType: 'text',
      assigneeId: null,
      lastAdminId: null,
      lastUpdate: created,
      unreadPartsCount: 0,
      tags: [],
      assistantType: null,
      userReplies: 0,
      waitingSince: null,
      parts: [],
    };
    this.conversations.set(record.id, record);
    this.conversationIndex(appId).insert(record);
    return record;
  }

  /** Appends a part and updates the conversation's derived state and its index position. */
  appendPart(conversation: ConversationRecord, input: PartInput): PartRecord {
    const index = this.conversationIndex(conversation.appId);
    const oldKey = conversationKey(conversation);
    const part: PartRecord = {
      ...input,
      id: this.nextId(),
      conversationId: conversation.id,
      created: input.created ?? this.clock(),
    };
    conversation.parts.push(part);
    applyPart(conversation, part);
    index.remove(conversation, oldKey);
    index.insert(conversation);
    for (const listener of this.listeners) listener.part(conversation, part);
    return part;
  }

  /** Deletes a conversation, as an administrator can on the platform: lists leave it out, reads answer LookupError. */
  removeConversation(id: Id): void {
    const conversation = this.conversations.get(id);
    if (!conversation) return;
    this.conversationIndex(conversation.appId).remove(conversation, conversationKey(conversation));
    this.conversations.delete(id);
  }

  /** Announces a change made in place (tags, read flags) that adds no part. */
  changed(conversation: ConversationRecord, change: ConversationChange): void {
    for (const listener of this.listeners) listener.conversation(conversation, change);
  }

  presenceChanged(appId: Id, userId: Id, presence: string): void {
    for (const listener of this.listeners) listener.presence?.(appId, userId, presence);
  }

  typing(event: TypingEvent): void {
    for (const listener of this.listeners) listener.typing(event);
  }

  userChanged(appId: Id, userId: Id, change: UserChange): void {
    for (const listener of this.listeners) listener.user?.(appId, userId, change);
  }
}

/** The effect of one new part on its conversation's fields (see docs/api-decisions.md). */
export function applyPart(conversation: ConversationRecord, part: PartRecord): void {
  conversation.lastUpdate = Math.max(conversation.lastUpdate, part.created);
  if (part.type === 'reply_user') {
    conversation.read = false;
    conversation.unreadPartsCount += 1;
    conversation.userReplies += 1;
    conversation.waitingSince ??= part.created;
    if (conversation.closed) conversation.closed = false;
  } else if (part.type === 'reply_admin' || part.type === 'article') {
    conversation.read = true;
    conversation.replied = true;
    conversation.unreadPartsCount = 0;
    conversation.waitingSince = null;
    conversation.lastAdminId = part.fromAdminId;
  } else if (part.type === 'assigned') {
    conversation.assigneeId = part.assigneeId;
  } else if (part.type === 'closed') {
    conversation.closed = true;
  }
}
