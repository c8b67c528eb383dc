import { z } from 'zod';
import { BULK_MAX, type BulkAction, type BulkOutcome } from '../../bulk';
import { adminId, conversationId, returns, type InvokeDeclarations } from './declare';
import { tagSchema } from './conversation';

/** A batch is named by the renderer (a UUID), the same in every account it reaches. */
const batchId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'a batch ID');

const bulkAction: z.ZodType<BulkAction> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('close') }),
  z.strictObject({ kind: z.literal('assign'), adminId: adminId.nullable() }),
  z.strictObject({ kind: z.literal('tag'), tag: tagSchema }),
  z.strictObject({
    kind: z.literal('snooze'),
    // In the future and within a year: checked in main against its clock.
    until: z
      .number()
      .int()
      .positive()
      .max(Date.UTC(2200, 0, 1)),
  }),
  z.strictObject({ kind: z.literal('wake') }),
]);

/** Several conversations of the inbox list at once (one call per account), and Undo of the whole batch. */
export const bulkInvoke = {
  /** Each write is held for the undo window in the account's outbox, tagged with the batch. */
  'conversation:bulk': {
    args: z.tuple([batchId, z.array(conversationId).min(1).max(BULK_MAX), bulkAction]),
    result: returns<BulkOutcome>(),
  },
  /** Takes back every write of the batch still in its window (a snooze: each one's earlier snooze back): how many were. */
  'outbox:undo-batch': { args: z.tuple([batchId]), result: returns<number>() },
} satisfies InvokeDeclarations;
