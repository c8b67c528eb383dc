import { z } from 'zod';
import { LIMITS, type ConversationPart, type Id } from '../../api/types';
import { ATTACHMENT_MAX_BYTES, type AttachmentDraft } from '../../attachments';
import { DRAFT_MAX_CHARS, type ConversationDraft } from '../../drafts';
import type { OutboxItem } from '../../outbox';
import {
  adminId,
  conversationId,
  positiveId,
  returns,
  type EventDeclarations,
  type InvokeDeclarations,
} from './declare';
import type { ConversationDetail, ReplyDraft } from '../types';

/** The specification caps the text of a button, not their number; Perch offers up to ten. */
export const MAX_QUICK_REPLIES = 10;

/** Tags as the API allows them: no comma, not blank. */
export const tagSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((t) => !t.includes(','), 'must not contain a comma');

const quickReply = z.strictObject({
  type: z.literal('quick_reply'),
  body: z.string().trim().min(1).max(LIMITS.quickReplyBody),
  meta_data: z.record(z.string(), z.unknown()).optional(),
});

/** Base64 of at most the API's file size; the type and exact size are checked again in main. */
const attachment: z.ZodType<AttachmentDraft> = z.strictObject({
  name: z.string().trim().min(1).max(LIMITS.attachmentFileNameMax),
  type: z.string().max(255),
  data: z
    .string()
    .min(1)
    .max(Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});

export const replyDraftSchema: z.ZodType<ReplyDraft> = z
  .strictObject({
    conversationId,
    body: z.string().max(LIMITS.replyBodyMax),
    kind: z.enum(['reply', 'note']),
    actions: z.array(quickReply).min(1).max(MAX_QUICK_REPLIES).optional(),
    attachment: attachment.optional(),
  })
  .refine((d) => d.kind === 'reply' || d.actions === undefined, 'notes carry no quick replies')
  .refine((d) => d.body.trim() !== '' || d.attachment !== undefined, 'a reply needs a body or an attachment');

const draft: z.ZodType<ConversationDraft> = z.strictObject({
  reply: z.string().max(DRAFT_MAX_CHARS),
  note: z.string().max(DRAFT_MAX_CHARS),
});

/** The open conversation, and what the agent does to a conversation. */
export const conversationInvoke = {
  'conversation:open': { args: z.tuple([conversationId]), result: returns<ConversationDetail>() },
  'conversation:leave': { args: z.tuple([]), result: returns<null>() },
  /** Parts older than a given one, oldest first. */
  'conversation:older': {
    args: z.tuple([conversationId, positiveId()]),
    result: returns<{ parts: ConversationPart[]; hasOlder: boolean }>(),
  },
  /** Writes go through the outbox: the result is the queued item, its outcome comes as events. */
  'conversation:reply': { args: z.tuple([replyDraftSchema]), result: returns<OutboxItem>() },
  'conversation:assign': { args: z.tuple([conversationId, adminId.nullable()]), result: returns<OutboxItem>() },
  'conversation:close': { args: z.tuple([conversationId]), result: returns<OutboxItem>() },
  /** Counts conversations as seen by this agent (read state is Perch's own: the API's markread is the visitor's side). */
  'conversation:mark-read': { args: z.tuple([z.array(conversationId).min(1).max(20_000)]), result: returns<null>() },
  /** Null: adding back a tag whose removal waited for Undo only took the removal back. */
  'conversation:tag': {
    args: z.tuple([conversationId, tagSchema, z.enum(['add', 'delete'])]),
    result: returns<OutboxItem | null>(),
  },
  /** The agent is typing (throttled here and in the core); the visitor sees it. */
  'conversation:set-typing': { args: z.tuple([conversationId, z.string().max(20000)]), result: returns<null>() },
  /** The unsent reply and note of a conversation, kept by main across switches and restarts. */
  'draft:get': { args: z.tuple([conversationId]), result: returns<ConversationDraft>() },
  'draft:set': { args: z.tuple([conversationId, draft]), result: returns<null>() },
  /** The conversations that hold an unsent reply or note, for the marks on their rows. */
  'draft:list': { args: z.tuple([]), result: returns<Id[]>() },
} satisfies InvokeDeclarations;

export const conversationEvents = {
  'conversation:parts': returns<{ conversationId: Id; parts: ConversationPart[] }>(),
  'conversation:navigate': returns<{ conversationId: Id }>(),
  /** Someone is typing in a conversation: the visitor, or another administrator. */
  'conversation:typing': returns<{ conversationId: Id; from: 'user' | 'admin'; adminId: Id | null; body: string }>(),
} satisfies EventDeclarations;
