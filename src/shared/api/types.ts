/**
 * Resources of the Customer Messaging Web API, as Perch's client, the sandbox server and
 * the renderer all see them. The single source of these shapes: nothing else redeclares them.
 */

export type Id = number;
/** Unix time in seconds; may be fractional (cursors keep sub-second precision). */
export type Timestamp = number;

export interface AdminRef {
  id: Id;
  name: string;
  avatar: string;
  type: 'admin';
}

export interface Attachment {
  type: 'file';
  id: Id;
  filename: string;
  mime_type: string;
  size: number;
  url: string;
  created: Timestamp;
}

export interface QuickReplyAction {
  type: 'quick_reply';
  /** Button text, at most {@link LIMITS.quickReplyBody} characters. */
  body: string;
  meta_data?: Record<string, unknown>;
}

export type PartDirection = 'u2a' | 'a2u';
export type PartType = 'reply_user' | 'reply_admin' | 'note' | 'article' | 'assigned' | 'closed' | 'reopened';

export interface ConversationPart {
  id: Id;
  created: Timestamp;
  conversation: Id;
  body: string;
  body_json: Record<string, unknown>;
  read: boolean;
  direction: PartDirection;
  type: PartType | (string & {});
  sent_via: string;
  attachments: Attachment[];
  meta_data: Record<string, unknown>;
  reply_type: string;
  actions: QuickReplyAction[] | null;
  edited: unknown;
  removed: unknown;
  external_id: string | null;
  random_id: number;
  part_group: Id;
  from: AdminRef | Id | null;
  assignee?: AdminRef | null;
  assign_part?: ConversationPart;
}

export type Presence = 'online' | 'idle' | 'offline';

export interface PresenceDetails {
  page?: string;
  url?: string;
  session_started?: Timestamp;
  presence?: Presence;
}

export type PropValue = string | number | boolean | string[] | null;

/** The subset of a user that conversation lists carry. */
export interface ConversationUser {
  id: Id;
  user_id: string | null;
  presence: Presence;
  props: Record<string, PropValue>;
  app?: Id;
}

export interface Channel {
  id: Id;
  name: string;
  avatar: string;
  type: string;
  droppable?: boolean;
  operators?: AdminRef[];
  not_assigned_count?: number;
  not_read_count?: number;
  read_permission: boolean | null;
  auto_set?: unknown;
  auto_set_settings?: unknown;
  priority?: unknown;
}

export interface Conversation {
  id: Id;
  created: Timestamp;
  user?: ConversationUser;
  channel?: Channel | null;
  read: boolean;
  replied: boolean;
  clicked: boolean;
  unsubscribed: boolean;
  closed: boolean;
  message: Record<string, unknown> | null;
  type: string;
  reply_type: string;
  part_last?: ConversationPart | null;
  important_part_last?: ConversationPart | null;
  reply_last?: ConversationPart | null;
  parts_count: number;
  assignee: AdminRef | null;
  unread_parts_count: number;
  last_admin: AdminRef | null;
  last_update: Timestamp;
  tags: string[];
}

/** Meta of every response. Errors add `error` and `error_message`. */
export interface ResponseMeta {
  status: number;
  error?: ApiErrorName | (string & {});
  error_message?: string;
  next_before_position?: CursorPosition | null;
  next_after_position?: CursorPosition | null;
  next_after?: number | null;
}

export interface Envelope<T> {
  data: T;
  meta: ResponseMeta;
}

export type ApiErrorName =
  | 'BadRequest'
  | 'LookupError'
  | 'NotFound'
  | 'AuthenticationFailed'
  | 'PermissionDenied'
  | 'MethodNotAllowed'
  | 'ReplyTooBig'
  | 'TooManyRequests'
  | 'InternalError';

/**
 * A version 2 cursor. For conversation lists it is `[last_update, id]`; for parts `[id]`
 * (see docs/api-decisions.md).
 */
export type CursorPosition = number[];

export type PageDirection = 'after' | 'before' | 'around';
export type PageOrder = 'asc' | 'desc';

export interface PageRequestV2 {
  position?: CursorPosition;
  count?: number;
  direction?: PageDirection;
  including?: boolean;
  order?: PageOrder;
}

export interface PageRequestV1 {
  after?: number | null;
  count?: number;
  including?: boolean;
  order?: PageOrder;
}

export interface ConversationFilters {
  closed?: boolean;
  answered?: boolean;
  delayed?: boolean;
  /** Admin ID, or 0 together with includeNotAssigned for unassigned ones. */
  assigned?: Id;
  includeNotAssigned?: boolean;
  tags?: string[];
  includeNoTags?: boolean;
  channel?: Id;
  assistantType?: string;
}

export interface ReplyRequest {
  body?: string;
  type?: 'reply_admin' | 'note' | 'article';
  fromAdmin?: Id | 'default_admin';
  fromUser?: Id | 'default_user';
  randomId?: number;
  externalId?: string;
  autoAssign?: Id;
  autoAssignRandomId?: number;
  referrer?: string;
  actions?: QuickReplyAction[];
}

export const LIMITS = {
  pageSizeMin: 1,
  pageSizeMax: 50,
  pageSizeDefault: 20,
  quickReplyBody: 300,
  attachmentFileNameMax: 255,
  propsOperationsMax: 250,
  usersOffsetLimitMax: 10000,
  fileBytesMax: 10 * 1024 * 1024,
  /** The specification leaves the ReplyTooBig threshold open; see docs/api-decisions.md. */
  replyBodyMax: 20000,
  randomIdMax: 0xffffffff,
} as const;
