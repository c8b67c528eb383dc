import { z } from 'zod';
import { boundRecord, clipText, FULL_TEXT_MAX, LIST_TEXT_MAX } from './bounds';
import { DECIMAL_ID, type Id } from './ids';

/**
 * Response shapes of the Customer Messaging Web API: the boundary check of Perch's client and,
 * through `z.infer` in ./types, the one definition of these types for the sandbox and the
 * renderer too. The fields Perch relies on must have the right types; fields it does not know
 * pass through untouched, so a newer server does not break it. Fields only the sandbox writes
 * and nothing in Perch reads are typed but never reject a response (`lenient`).
 */

/** Typed when well-formed; a malformed value is dropped instead of failing the whole response. */
const lenient = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

/** An ID from an answer or a state file: a decimal string, or an exact whole number turned into one. */
export const idSchema = z
  .union([
    z.string().regex(DECIMAL_ID, 'not a decimal ID'),
    z
      .number()
      .int()
      .min(0)
      .refine(Number.isSafeInteger, 'an ID beyond 2^53 that arrived as a number has lost its digits'),
  ])
  .transform((value): Id => String(value));

/** An ID Perch or an agent chose: a positive decimal string (never 0, which no object has). */
export const positiveIdSchema = z
  .string()
  .regex(DECIMAL_ID)
  .refine((v) => v !== '0', 'not a positive ID');

/** A positive ID in Perch's own files: earlier versions wrote numbers, read now as the strings they are. */
export const storedIdSchema = z
  .union([positiveIdSchema, z.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
  .transform((value): Id => String(value));
const id = idSchema;
const record = z.record(z.string(), z.unknown()).transform((r) => boundRecord(r, FULL_TEXT_MAX));
/** Names and other short text, cut where a row would never show more (./bounds). */
const shortText = z.string().transform((t) => clipText(t, LIST_TEXT_MAX));

export const presenceSchema = z.enum(['online', 'idle', 'offline']);
export const adminRefSchema = z.looseObject({
  id,
  name: shortText,
  avatar: z.string().optional().default(''),
  /** `admin`, or `bot` for a chat bot (/objects/admin). */
  type: z.string().optional().default('admin'),
});

/**
 * Who sent a part or last answered: an administrator or a bot, or the application's default
 * sender, which has no `id` (`type: default_admin`; /objects/admin).
 */
export const senderSchema = z.looseObject({
  id: id.optional(),
  name: shortText.optional().default(''),
  avatar: z.string().optional().default(''),
  type: z.string().optional().default('admin'),
});

export const attachmentSchema = z.looseObject({
  id,
  filename: shortText,
  mime_type: z.string(),
  size: z.number(),
  url: z.string(),
  type: z.string(),
  created: z.number(),
});
export const quickReplyActionSchema = z.looseObject({
  type: z.string(),
  body: z.string(),
  meta_data: record.optional(),
});

export const partSchema = z.looseObject({
  id,
  created: z.number(),
  conversation: id,
  body: z
    .string()
    .nullable()
    .transform((v) => clipText(v ?? '', FULL_TEXT_MAX)),
  body_json: record.nullish().transform((v) => v ?? {}),
  read: z.boolean().optional().default(false),
  /** Deprecated, and absent from the documented samples: `type` says who wrote a part (isFromVisitor). */
  direction: lenient(z.enum(['u2a', 'a2u'])),
  type: z.string(),
  sent_via: z.string().optional().default(''),
  attachments: z
    .array(attachmentSchema)
    .nullish()
    .transform((v) => v ?? []),
  meta_data: record.nullish().transform((v) => v ?? {}),
  reply_type: z.string().optional().default(''),
  actions: z.array(quickReplyActionSchema).nullable().optional().default(null),
  external_id: z.string().nullable().optional().default(null),
  random_id: z.number().int().optional().default(0),
  /** A sender object, or a bare user ID for a visitor's part (/webapi/conversations/parts). */
  from: z.union([senderSchema, id]).nullable().optional().default(null),
  edited: z.unknown().optional().default(null),
  removed: z.unknown().optional().default(null),
  part_group: id.nullable().optional().default(null),
  /** Whom an `assigned` part assigned the conversation to. */
  assignee: lenient(adminRefSchema.nullable()),
  assign_part: z.unknown().optional(),
});

/** What version 2 assign, close and tag answer: the system part they made (/webapi/conversations/assign). */
export const systemPartRefSchema = z.looseObject({ id, part_group: id.nullable().optional().default(null) });

/** An administrator who works a channel. */
export const operatorSchema = z.looseObject({
  id,
  name: shortText.optional().default(''),
  avatar: z.string().optional().default(''),
  type: z.string().optional().default('admin'),
});

/** The channel a conversation carries; the channel list adds counts and operators. */
export const conversationChannelSchema = z.looseObject({
  id,
  name: shortText,
  avatar: z.string().optional().default(''),
  type: z.string().optional().default(''),
});

export const channelSchema = conversationChannelSchema.extend({
  not_assigned_count: z.number().int().optional(),
  not_read_count: z.number().int().optional(),
  read_permission: z.boolean().nullable().optional().default(null),
  operators: z.array(operatorSchema).optional().default([]),
  droppable: lenient(z.boolean()),
  auto_set: z.unknown().optional(),
  auto_set_settings: z.unknown().optional(),
  priority: z.unknown().optional(),
});

const conversationUserSchema = z.looseObject({
  id,
  user_id: z.string().nullable().optional().default(null),
  presence: z.string().optional().default('offline'),
  // Rows show a name and an e-mail: a list's copy of the visitor keeps short values only.
  props: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((v) => boundRecord(v ?? {}, LIST_TEXT_MAX)),
  app: lenient(id),
});

export const conversationSchema = z.looseObject({
  id,
  created: z.number(),
  user: conversationUserSchema.optional(),
  channel: conversationChannelSchema.nullable().optional(),
  read: z.boolean(),
  replied: z.boolean(),
  clicked: z.boolean().optional().default(false),
  unsubscribed: z.boolean().optional().default(false),
  closed: z.boolean(),
  /** The ID of the manual or automatic message that started it (/objects/conversation). */
  message: lenient(id.nullable()),
  type: z.string().optional().default(''),
  reply_type: z.string().optional().default(''),
  part_last: partSchema.nullable().optional(),
  important_part_last: z.unknown().optional(),
  /** The last reply, which a later note, assignment or closing can hide behind part_last. */
  reply_last: lenient(partSchema.nullable()),
  parts_count: z.number().int().optional().default(0),
  assignee: adminRefSchema.nullable().optional().default(null),
  unread_parts_count: z.number().int().min(0),
  last_admin: lenient(senderSchema.nullable()),
  last_update: z.number(),
  tags: z
    .array(shortText)
    .nullish()
    .transform((v) => (v ?? []).slice(0, 200)),
});

/** A cursor as the server wrote it: times as numbers, IDs as digits (64-bit, read losslessly). */
const position = z
  .array(z.union([z.number(), z.string().regex(DECIMAL_ID)]))
  .max(4)
  .nullable()
  .optional();
export const metaSchema = z.looseObject({
  status: z.number().int(),
  error: z.string().optional(),
  error_message: z.string().optional(),
  next_before_position: position,
  next_after_position: position,
  next_after: z
    .union([z.number(), z.string().regex(DECIMAL_ID)])
    .nullable()
    .optional(),
});

export const envelopeSchema = z.looseObject({ data: z.unknown(), meta: metaSchema });
