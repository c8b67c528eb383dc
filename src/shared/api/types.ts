/**
 * Resources of the Customer Messaging Web API, as Perch's client, the sandbox server and
 * the renderer all see them. Response types are `z.infer` of the schemas in ./schemas and
 * ./user-schemas, which the client checks every response against; nothing else redeclares them.
 */

import type { z } from 'zod';
import type {
  adminRefSchema,
  attachmentSchema,
  channelSchema,
  conversationChannelSchema,
  conversationSchema,
  operatorSchema,
  metaSchema,
  partSchema,
  presenceSchema,
  quickReplyActionSchema,
  systemPartRefSchema,
} from './schemas';
import type { leadSchema, userEventSchema, userSchema } from './user-schemas';

export type { Id } from './ids';
import type { Id } from './ids';
/** Unix time in seconds; may be fractional (cursors keep sub-second precision). */
export type Timestamp = number;

export type AdminRef = z.infer<typeof adminRefSchema>;
export type SystemPartRef = z.infer<typeof systemPartRefSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
/** A quick-reply button; its body is at most {@link LIMITS.quickReplyBody} characters. */
export type QuickReplyAction = z.infer<typeof quickReplyActionSchema>;

export type PartDirection = ConversationPart['direction'];
/** The part types Perch draws differently; a server may send others. */
export type PartType = 'reply_user' | 'reply_admin' | 'note' | 'article' | 'assigned' | 'closed' | 'reopened';
export type ConversationPart = z.infer<typeof partSchema>;

export type Presence = z.infer<typeof presenceSchema>;

export interface PresenceDetails {
  page?: string;
  url?: string;
  session_started?: Timestamp;
  presence?: Presence;
}

export type PropValue = string | number | boolean | string[] | null;

export type Conversation = z.infer<typeof conversationSchema>;
/** The subset of a user that conversation lists carry. */
export type ConversationUser = NonNullable<Conversation['user']>;
export type Channel = z.infer<typeof channelSchema>;
/** The light channel a conversation carries, without counters and operators. */
export type ConversationChannel = z.infer<typeof conversationChannelSchema>;
export type Operator = z.infer<typeof operatorSchema>;

export type User = z.infer<typeof userSchema>;
export type Lead = z.infer<typeof leadSchema>;
export type UserEvent = z.infer<typeof userEventSchema>;

/** Meta of every response. Errors add `error` (an {@link ApiErrorName}) and `error_message`. */
export type ResponseMeta = z.infer<typeof metaSchema>;

export interface Envelope<T> {
  data: T;
  meta: ResponseMeta;
}

/** Error names of /webapi/exceptions, and the few the sandbox adds where the page is silent. */
export type ApiErrorName =
  | 'BadRequest'
  | 'ValidationError'
  | 'LookupError'
  | 'Error404'
  | 'NotAuthenticated'
  | 'PermissionDeniedError'
  | 'MethodNotAllowed'
  | 'ReplyTooBig'
  | 'TooManyRequests'
  | 'Error500'
  | 'ConversationTagAlreadyAssigned'
  | 'ConversationTagIsNotAssigned';

/**
 * A version 2 cursor. For conversation lists it is `[last_update, id]`; for parts `[id]`
 * (see docs/api-decisions.md).
 */
export type CursorPosition = (number | string)[];

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
  after?: number | string | null;
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
  /** random_id is a signed 32-bit field (docs/api-decisions.md, "random_id"). */
  randomIdMax: 0x7fffffff,
} as const;
