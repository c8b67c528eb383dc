import { z } from 'zod';
import { boundRecord, FULL_TEXT_MAX, LIST_TEXT_MAX } from './bounds';
import { idSchema as id } from './schemas';

/** Response shapes of the users and application calls; see ./schemas for the rules they follow. */

/** The visitor panel shows values in full, within the limits of ./bounds; lead rows only short ones. */
const props = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => boundRecord(v ?? {}, FULL_TEXT_MAX));
const rowProps = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => boundRecord(v ?? {}, LIST_TEXT_MAX));

export const userSchema = z.looseObject({
  id,
  app: id.optional(),
  user_id: z.string().nullable().optional().default(null),
  presence: z.string().optional().default('offline'),
  props: props.optional(),
  props_custom: props.optional(),
  props_events: props.optional(),
  presence_details: z.record(z.string(), z.unknown()).nullish(),
  /** A list (older /objects/user page) or a dict keyed by event type ID (newer): read by the directory. */
  events: z.unknown().optional(),
  segments: z.array(z.looseObject({ id, name: z.string() })).optional(),
  tags: z.array(z.unknown()).optional(),
  notes: z.array(z.unknown()).optional(),
  email_status: z.unknown().optional(),
  consents: z.array(z.unknown()).optional(),
});

export const leadSchema = z.looseObject({ id, presence: z.string().optional().default('offline'), props: rowProps });
export const leadsSchema = z.looseObject({ total: z.number().int(), users: z.array(leadSchema) });

/** An event: version 2 names its type as an object (/webapi/endpoints/users/events), version 1 by `name`. */
export const userEventSchema = z
  .looseObject({
    id,
    name: z.string().optional(),
    type: z.looseObject({ name: z.string() }).optional(),
    created: z.number(),
    props: z.record(z.string(), z.unknown()),
  })
  .refine((e) => e.name !== undefined || e.type !== undefined, 'an event without a name')
  .transform((e) => ({ ...e, name: e.name ?? e.type!.name }));

export const propsMetaSchema = z.looseObject({
  affected_props: z.array(z.string()).optional().default([]),
  not_changed_props: z.array(z.string()).optional().default([]),
  ignored_operations: z
    .array(
      z.looseObject({
        op: z.unknown(),
        key: z.unknown(),
        value: z.unknown().optional(),
        reason: z.string().optional().default(''),
      }),
    )
    .optional()
    .default([]),
});
