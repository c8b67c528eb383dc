import { z } from 'zod';

/**
 * Boundary checks of API responses: the fields Perch relies on must have the right types;
 * fields it does not know pass through untouched, so a newer server does not break it.
 */

const id = z.number().int();
const adminRef = z.looseObject({ id, name: z.string(), avatar: z.string().optional().default(''), type: z.string().optional().default('admin') });

const attachment = z.looseObject({ id, filename: z.string(), mime_type: z.string(), size: z.number(), url: z.string(), type: z.string(), created: z.number() });
const action = z.looseObject({ type: z.string(), body: z.string(), meta_data: z.record(z.string(), z.unknown()).optional() });

export const partSchema = z.looseObject({
  id,
  created: z.number(),
  conversation: id,
  body: z.string().nullable().transform((v) => v ?? ''),
  body_json: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? {}),
  read: z.boolean().optional().default(false),
  direction: z.enum(['u2a', 'a2u']),
  type: z.string(),
  sent_via: z.string().optional().default(''),
  attachments: z.array(attachment).nullish().transform((v) => v ?? []),
  meta_data: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? {}),
  reply_type: z.string().optional().default(''),
  actions: z.array(action).nullable().optional().default(null),
  external_id: z.string().nullable().optional().default(null),
  random_id: z.number().int().optional().default(0),
  from: z.union([adminRef, id]).nullable().optional().default(null),
  edited: z.unknown().optional().default(null),
  removed: z.unknown().optional().default(null),
  part_group: id.optional().default(0),
});

const channel = z.looseObject({ id, name: z.string(), avatar: z.string().optional().default(''), type: z.string().optional().default('') });
const conversationUser = z.looseObject({
  id,
  user_id: z.string().nullable().optional().default(null),
  presence: z.string().optional().default('offline'),
  props: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? {}),
});

export const conversationSchema = z.looseObject({
  id,
  created: z.number(),
  user: conversationUser.optional(),
  channel: channel.nullable().optional(),
  read: z.boolean(),
  replied: z.boolean(),
  clicked: z.boolean().optional().default(false),
  unsubscribed: z.boolean().optional().default(false),
  closed: z.boolean(),
  message: z.record(z.string(), z.unknown()).nullable().optional().default(null),
  type: z.string().optional().default(''),
  reply_type: z.string().optional().default(''),
  part_last: partSchema.nullable().optional(),
  parts_count: z.number().int().optional().default(0),
  assignee: adminRef.nullable().optional().default(null),
  unread_parts_count: z.number().int().min(0),
  last_admin: adminRef.nullable().optional().default(null),
  last_update: z.number(),
  tags: z.array(z.string()).nullish().transform((v) => v ?? []),
});

const position = z.array(z.number()).nullable().optional();
export const metaSchema = z.looseObject({
  status: z.number().int(),
  error: z.string().optional(),
  error_message: z.string().optional(),
  next_before_position: position,
  next_after_position: position,
  next_after: z.number().nullable().optional(),
});

export const envelopeSchema = z.looseObject({ data: z.unknown(), meta: metaSchema });
