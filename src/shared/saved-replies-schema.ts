import { z } from 'zod';
import { accountIdSchema } from './account-id-schema';
import { LIMITS } from './api/types';
import { SAVED_REPLY_LIMITS, type SavedReplyInput } from './saved-replies';

const button = z.strictObject({
  type: z.literal('quick_reply'),
  body: z.string().trim().min(1).max(LIMITS.quickReplyBody),
  meta_data: z.record(z.string().max(200), z.string().max(2000)).optional(),
});

/** One saved reply as the editor sends it and an import file holds it (apart from the ID). */
export const savedReplyInputSchema: z.ZodType<SavedReplyInput> = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .optional(),
  title: z.string().trim().min(1).max(SAVED_REPLY_LIMITS.title),
  body: z.string().trim().min(1).max(LIMITS.replyBodyMax),
  accountId: accountIdSchema.nullable(),
  buttons: z.array(button).max(10),
});

/** An export file: named, versioned, and nothing else in it. */
export const savedRepliesFileSchema = z.strictObject({
  perch: z.literal('saved-replies'),
  version: z.literal(1),
  replies: z.array(savedReplyInputSchema),
});
