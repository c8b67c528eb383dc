import { z } from 'zod';
import { storedIdSchema } from '../../../shared/api/schemas';
import type { Recovery } from '../storage/json-file';
import type { OutboxItem } from './types';

/** What an outbox item on disk must look like for Perch to send it. */

const id = storedIdSchema;
const quickReply = z.object({
  type: z.literal('quick_reply'),
  body: z.string(),
  meta_data: z.record(z.string(), z.unknown()).optional(),
});
const attachmentRef = z.object({
  fileId: z.string().min(1),
  name: z.string(),
  type: z.string(),
  size: z.number().int().min(0),
});

const action = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reply'),
    conversationId: id,
    body: z.string(),
    note: z.boolean(),
    actions: z.array(quickReply).optional(),
    attachment: attachmentRef.optional(),
  }),
  z.object({ kind: z.literal('tag'), conversationId: id, tag: z.string().min(1), op: z.enum(['add', 'delete']) }),
  z.object({ kind: z.literal('assign'), conversationId: id, adminId: id.nullable() }),
  z.object({ kind: z.literal('close'), conversationId: id }),
]);

export const outboxItemSchema: z.ZodType<OutboxItem> = z.object({
  id: z.string().min(1).max(64),
  action,
  randomId: z.number().int().positive().max(4294967295),
  state: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int().min(0),
  tries: z.number().int().min(0).optional(),
  createdAt: z.number(),
  nextAttemptAt: z.number(),
  ambiguous: z.boolean(),
  lastError: z.string().nullable(),
  partId: id.nullable(),
  undoUntil: z.number().nullable().optional(),
  batch: z.string().min(1).max(64).optional(),
});

export const outboxFileSchema = z.array(outboxItemSchema);

/** From a list with damaged entries, every entry that is still a whole item. */
export const recoverOutboxItems: Recovery<OutboxItem[]> = (raw) => {
  if (!Array.isArray(raw)) return null;
  const items = raw.flatMap((entry) => {
    const checked = outboxItemSchema.safeParse(entry);
    return checked.success ? [checked.data] : [];
  });
  return { value: items, kept: items.length, total: raw.length };
};
