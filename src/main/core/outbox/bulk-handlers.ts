import type { Id } from '../../../shared/api/types';
import type { BulkAction, BulkOutcome } from '../../../shared/bulk';
import { SNOOZE_MAX_AHEAD_MS } from '../../../shared/snooze';
import { ContractError, type WorkspaceHandlers } from '../contract/contract-dispatch';
import type { OutboxAction } from './types';
import { queueBatch, UNDO_WINDOW_MS } from './undo-window';
import type { Outbox } from './outbox';
import type { Snooze } from '../../../shared/snooze';
import type { Snoozes } from '../snooze/snoozes';
import type { InboxSync } from '../sync/inbox-sync';
import type { WriteOptions } from './options';

/** One outbox write per conversation of the batch. */
function writesOf(action: Exclude<BulkAction, { kind: 'snooze' | 'wake' }>, ids: readonly Id[]): OutboxAction[] {
  switch (action.kind) {
    case 'close':
      return ids.map((conversationId) => ({ kind: 'close', conversationId }));
    case 'assign':
      return ids.map((conversationId) => ({ kind: 'assign', conversationId, adminId: action.adminId }));
    case 'tag':
      return ids.map((conversationId) => ({ kind: 'tag', conversationId, tag: action.tag.trim(), op: 'add' }));
  }
}

/**
 * The inbox's bulk actions in one account: its share of a batch the renderer names. Writes go
 * through the outbox, all held for the undo window; a snooze is Perch's own, and its Undo (by
 * the batch, within the window the answer names) puts back the snooze each conversation had
 * before, or wakes it if it had none.
 */
export function bulkHandlers(workspace: {
  outbox: Outbox;
  snoozes: Snoozes;
  inbox: Pick<InboxSync, 'conversation'>;
  options: Pick<WriteOptions, 'clock' | 'undoWindowMs'>;
}): Pick<WorkspaceHandlers, 'conversation:bulk' | 'outbox:undo-batch'> {
  const { outbox, snoozes, inbox, options } = workspace;
  const undoMs = () => options.undoWindowMs ?? UNDO_WINDOW_MS;
  /** Snooze batches Undo may still take back: their time, their window and each conversation's snooze before. */
  const snoozeBatches = new Map<string, { until: number; undoUntil: number; before: Map<Id, Snooze | null> }>();
  const forgetEnded = (now: number) => {
    for (const [batch, held] of snoozeBatches) if (held.undoUntil < now) snoozeBatches.delete(batch);
  };
  return {
    'conversation:bulk': async (batch, conversationIds, action): Promise<BulkOutcome> => {
      const ids = [...new Set(conversationIds)];
      const now = options.clock.now();
      if (action.kind === 'wake') {
        await snoozes.wakeMany(ids);
        return { items: [], undoUntil: null };
      }
      if (action.kind === 'snooze') {
        if (action.until <= now) throw new ContractError('invalid-arguments', 'A snooze ends in the future');
        if (action.until > now + SNOOZE_MAX_AHEAD_MS)
          throw new ContractError('invalid-arguments', 'A snooze ends within a year');
        forgetEnded(now);
        const before = new Map(ids.map((id) => [id, snoozes.get(id) ?? null]));
        // What the core last read of each conversation counts as seen: only a newer visitor message wakes it.
        await snoozes.snoozeMany(
          ids.map((id) => ({
            conversationId: id,
            until: action.until,
            seenPart: inbox.conversation(id)?.part_last?.id ?? null,
          })),
        );
        snoozeBatches.set(batch, { until: action.until, undoUntil: now + undoMs(), before });
        return { items: [], undoUntil: now + undoMs() };
      }
      const items = await queueBatch(outbox, writesOf(action, ids), { undoMs: undoMs(), now, batch });
      return { items, undoUntil: items.length ? now + undoMs() : null };
    },
    'outbox:undo-batch': async (batch) => {
      const snoozed = snoozeBatches.get(batch);
      snoozeBatches.delete(batch);
      const restored =
        snoozed && snoozed.undoUntil >= options.clock.now() ? await snoozes.restore(snoozed.until, snoozed.before) : 0;
      return restored + (await outbox.undoBatch(batch));
    },
  };
}
