import type {
  Operator,
  Attachment,
  Id,
  Presence,
  PresenceDetails,
  PropValue,
  QuickReplyAction,
  Timestamp,
} from '../shared/api/types';
import type { Key } from './sorted-index';

export const ALL_SCOPES = [
  'app-basic-read',
  'app-basic-write',
  'as-user',
  'conversations-read',
  'conversations-write',
  'messages-manual-send-one',
  'user-read',
  'user-write',
  'users-list-active',
] as const;
export type Scope = (typeof ALL_SCOPES)[number];

export interface TokenRecord {
  token: string;
  appId: Id;
  scopes: ReadonlySet<Scope>;
}

export interface AppRecord {
  id: Id;
  name: string;
  defaultAdminId: Id;
}

export interface AdminRecord {
  id: Id;
  appId: Id;
  name: string;
  avatar: string;
  /** A chat bot writes auto replies; it is never an operator (/objects/admin: `type: bot`). */
  type?: 'admin' | 'bot';
}

export interface ChannelRecord {
  id: Id;
  appId: Id;
  name: string;
  avatar: string;
  type: string;
  operatorIds: Id[];
}

export type EmailStatus = 'subscribed' | 'awaiting confirmation' | 'unsubscribed' | 'bounced';

export interface UserEventRecord {
  id: Id;
  name: string;
  created: Timestamp;
  params: Record<string, unknown>;
}

export interface ConsentRecord {
  created: Timestamp;
  ipAddress: string | null;
  dataProcessing: boolean | null;
  contacts: { email?: string; phone?: string };
}

export interface UserRecord {
  id: Id;
  appId: Id;
  userId: string | null;
  presence: Presence;
  presenceDetails: PresenceDetails;
  /** Time of the last presence heartbeat, in seconds; presence lapses without one. */
  lastHeartbeat?: Timestamp;
  props: Record<string, PropValue>;
  propsCustom: Record<string, PropValue>;
  emailStatus?: EmailStatus;
  events?: UserEventRecord[];
  consents?: ConsentRecord[];
  notes?: { id: Id; body: string; created: Timestamp; adminId: Id }[];
  tags?: string[];
  segmentIds?: Id[];
  timezoneOffset?: number;
}

export interface SegmentRecord {
  id: Id;
  appId: Id;
  name: string;
  filters: unknown;
}

/** A lead: a user with a name, an email or a phone. */
export const isLead = (u: UserRecord) =>
  ['$name', '$email', '$phone'].some((k) => u.props[k] !== undefined && u.props[k] !== null && u.props[k] !== '');

export interface PartRecord {
  id: Id;
  conversationId: Id;
  created: Timestamp;
  body: string;
  bodyJson: Record<string, unknown>;
  read: boolean;
  direction: 'u2a' | 'a2u';
  type: string;
  sentVia: string;
  attachments: Attachment[];
  metaData: Record<string, unknown>;
  replyType: string;
  actions: QuickReplyAction[] | null;
  externalId: string | null;
  randomId: number;
  /** Admin ID for a2u parts, user ID for u2a parts. */
  fromAdminId: Id | null;
  fromUserId: Id | null;
  assigneeId: Id | null;
  referrer: string | null;
}

export interface ConversationRecord {
  id: Id;
  appId: Id;
  created: Timestamp;
  userId: Id;
  channelId: Id | null;
  read: boolean;
  replied: boolean;
  clicked: boolean;
  unsubscribed: boolean;
  closed: boolean;
  type: string;
  replyType: string;
  assigneeId: Id | null;
  lastAdminId: Id | null;
  lastUpdate: Timestamp;
  unreadPartsCount: number;
  tags: string[];
  assistantType: string | null;
  /** How many reply_user parts it has: lists leave out conversations with none. */
  userReplies: number;
  /** The manual message that started it (sendmessage), shown as the conversation's `message`. */
  messageId?: Id;
  /** Time of the oldest user message still waiting for an admin reply, or null. */
  waitingSince: Timestamp | null;
  parts: PartRecord[];
}

export const adminRef = (admin: AdminRecord): Operator => ({
  id: admin.id,
  name: admin.name,
  avatar: admin.avatar,
  type: admin.type ?? 'admin',
});

/** The key conversation lists are sorted and paged by. */
export const conversationKey = (c: ConversationRecord): Key => [c.lastUpdate, BigInt(c.id)];
