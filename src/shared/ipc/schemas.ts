import { z } from 'zod';
import { LIMITS } from '../api/types';
import { ATTACHMENT_MAX_BYTES, type AttachmentDraft } from '../attachments';

/** The specification caps the text of a button, not their number; Perch offers up to ten. */
export const MAX_QUICK_REPLIES = 10;
import type { LeadQuery, PropEdit } from '../directory';
import { DRAFT_MAX_CHARS, type ConversationDraft } from '../drafts';
import { shortcutProblem, type AgentSettingsChange } from '../settings';
import { propValueProblem } from '../visitor-props';
import { INBOX_RANGE_MAX, type AccountForm, type InboxRange, type InvokeArgs, type InvokeChannel, type ReplyDraft } from './contract';

/** Argument schemas of the IPC contract, checked on the main side before any handler runs. */

const conversationId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const adminId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Tags as the API allows them: no comma, not blank. */
const tag = z.string().trim().min(1).max(255).refine((t) => !t.includes(','), 'must not contain a comma');
const itemId = z.string().min(1).max(64);
const userId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const leadQuery: z.ZodType<LeadQuery> = z.strictObject({
  offset: z.number().int().min(0).max(9950),
  limit: z.number().int().min(1).max(50),
  sortProp: z.enum(['$last_seen', '$name', '$sessions', '$email']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(200).optional(),
  withEmail: z.boolean().optional(),
  withPhone: z.boolean().optional(),
});

const inboxRange: z.ZodType<InboxRange> = z.strictObject({
  offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  limit: z.number().int().min(1).max(INBOX_RANGE_MAX),
});

const accountForm: z.ZodType<AccountForm> = z.strictObject({
  baseUrl: z.string().trim().min(1).max(2048),
  appId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  adminId: adminId.optional(),
  adminUnlisted: z.literal(true).optional(),
  token: z.string().trim().min(1).max(4096),
  allowPlainToken: z.boolean().optional(),
});

/** The props endpoint takes at most 250 operations; keys are names, values short text or numbers. */
const propEdit: z.ZodType<PropEdit> = z
  .strictObject({
    op: z.enum(['update_or_create', 'delete']),
    key: z.string().trim().min(1).max(255),
    value: z.union([z.string().max(10_000), z.number().finite(), z.null()]).optional(),
  })
  .refine((e) => e.op === 'delete' || typeof e.value !== 'string' || propValueProblem(e.key, e.value) === null, 'an e-mail address or phone number that is not one');

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');
/** An Electron accelerator: modifiers and one key joined by "+", with Ctrl, Alt, Cmd or Super (or empty for none). */
const accelerator = z
  .string()
  .max(64)
  .regex(/^([A-Za-z0-9]+(\+[A-Za-z0-9]+)*)?$/, 'must be keys joined by +, like CommandOrControl+Shift+P')
  .refine((a) => shortcutProblem(a) !== 'format', 'must be modifiers and one key joined by +, like CommandOrControl+Shift+P')
  .refine((a) => shortcutProblem(a) !== 'modifier', 'needs Ctrl, Alt, Cmd or Super with the key, like CommandOrControl+Shift+P');
const settingsChange: z.ZodType<AgentSettingsChange> = z.strictObject({
  scope: z.enum(['all', 'mine-and-unassigned', 'mine', 'none']).optional(),
  sound: z.boolean().optional(),
  quietHours: z.strictObject({ enabled: z.boolean().optional(), start: clock.optional(), end: clock.optional() }).optional(),
  pause: z.enum(['hour', 'tomorrow', 'resume']).optional(),
  startAtLogin: z.boolean().optional(),
  startHidden: z.boolean().optional(),
  shortcut: accelerator.optional(),
  locale: z.enum(['auto', 'en', 'ru']).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
});

const quickReply = z.strictObject({
  type: z.literal('quick_reply'),
  body: z.string().trim().min(1).max(LIMITS.quickReplyBody),
  meta_data: z.record(z.string(), z.unknown()).optional(),
});

/** Base64 of at most the API's file size; the type and exact size are checked again in main. */
const attachment: z.ZodType<AttachmentDraft> = z.strictObject({
  name: z.string().trim().min(1).max(LIMITS.attachmentFileNameMax),
  type: z.string().max(255),
  data: z.string().min(1).max(Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
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

const draft: z.ZodType<ConversationDraft> = z.strictObject({ reply: z.string().max(DRAFT_MAX_CHARS), note: z.string().max(DRAFT_MAX_CHARS) });

/** One schema per invoke channel; the mapped type keeps the table complete and in step. */
export const invokeArgs: { [C in InvokeChannel]: z.ZodType<InvokeArgs<C>> } = {
  'app:ready': z.tuple([]),
  'session:demo': z.tuple([]),
  'session:connect': z.tuple([accountForm]),
  'session:sign-out': z.tuple([]),
  'session:dismiss-damage': z.tuple([]),
  'settings:get': z.tuple([]),
  'settings:update': z.tuple([settingsChange]),
  'inbox:get': z.union([z.tuple([]), z.tuple([inboxRange])]),
  'inbox:viewing': z.tuple([z.array(conversationId).max(200)]),
  'conversation:open': z.tuple([conversationId]),
  'conversation:leave': z.tuple([]),
  'conversation:older': z.tuple([conversationId, z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]),
  'conversation:reply': z.tuple([replyDraftSchema]),
  'conversation:assign': z.tuple([conversationId, adminId.nullable()]),
  'conversation:close': z.tuple([conversationId]),
  'conversation:mark-read': z.tuple([z.array(conversationId).min(1).max(20_000)]),
  'conversation:tag': z.tuple([conversationId, tag, z.enum(['add', 'delete'])]),
  'outbox:list': z.tuple([]),
  'outbox:retry': z.tuple([itemId]),
  'outbox:discard': z.tuple([itemId]),
  'channels:get': z.tuple([]),
  'visitors:watch': z.tuple([z.boolean()]),
  'leads:page': z.tuple([leadQuery]),
  'visitor:get': z.tuple([userId]),
  'visitor:edit-props': z.tuple([userId, z.array(propEdit).min(1).max(250)]),
  'visitor:unsubscribe': z.tuple([userId]),
  'visitor:conversations': z.tuple([userId]),
  'visitor:message': z.tuple([userId, z.string().trim().min(1).max(20000)]),
  'conversation:set-typing': z.tuple([conversationId, z.string().max(20000)]),
  'link:open': z.tuple([z.string().max(2048)]),
  'draft:get': z.tuple([conversationId]),
  'draft:set': z.tuple([conversationId, draft]),
  'diagnostics:get': z.tuple([]),
};
