import { z } from 'zod';
import { conversationSchema } from '../api/schemas';
import type { InboxCacheState } from '../sync/inbox-sync';

/** The cached inbox is checked like an API answer: a wrong entry must not become a row. */
export const inboxCacheSchema: z.ZodType<InboxCacheState> = z.object({
  cursor: z.array(z.number()).length(2).nullable(),
  conversations: z.array(conversationSchema),
  seenAt: z.array(z.tuple([z.number().int(), z.number()])),
}) as unknown as z.ZodType<InboxCacheState>;
