import { z } from 'zod';
import type { InvokeArgs, InvokeChannel, ReplyDraft } from './contract';

/** Argument schemas of the IPC contract, checked on the main side before any handler runs. */

const conversationId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const replyDraftSchema: z.ZodType<ReplyDraft> = z.strictObject({
  conversationId,
  body: z.string().min(1).max(20000),
  kind: z.enum(['reply', 'note']),
});

/** One schema per invoke channel; the mapped type keeps the table complete and in step. */
export const invokeArgs: { [C in InvokeChannel]: z.ZodType<InvokeArgs<C>> } = {
  'app:ready': z.tuple([]),
  'inbox:get': z.tuple([]),
  'conversation:open': z.tuple([conversationId]),
  'conversation:leave': z.tuple([]),
  'conversation:reply': z.tuple([replyDraftSchema]),
  'link:open': z.tuple([z.string().max(2048)]),
};
