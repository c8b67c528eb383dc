import type { Id } from '../../../shared/api/types';
import type { Outbox } from './outbox';
import type { OutboxAction, OutboxItem } from './types';

/**
 * How long a write the agent may regret waits in the outbox with Undo before it is sent: a
 * close (the API has no reopen for an agent), an assign away, a tag removed.
 */
export const UNDO_WINDOW_MS = 5000;

/**
 * Whether a write waits for its undo window. Closing, giving the conversation to someone else
 * (or to no one) and removing a tag lose something the agent cannot simply click back; taking a
 * conversation oneself or adding a tag can be reversed on the spot, and a reply right after
 * them must not wait.
 */
export function heldForUndo(action: OutboxAction, ownAdminId: Id): boolean {
  switch (action.kind) {
    case 'close':
      return true;
    case 'assign':
      return action.adminId !== ownAdminId;
    case 'tag':
      return action.op === 'delete';
    case 'reply':
      return false;
  }
}

interface QueueOptions {
  /** The account's own admin: assigning to it is sent at once. */
  ownAdminId: Id;
  undoMs: number;
  now: number;
}

/** Writes of the conversation still in their undo window: nothing of them has been sent. */
function heldOf(outbox: Outbox, conversationId: Id, now: number): OutboxItem[] {
  return outbox
    .list()
    .filter(
      (item) =>
        item.state === 'pending' && (item.undoUntil ?? 0) > now && item.action.conversationId === conversationId,
    );
}

/**
 * Queues an agent's write, held for the undo window where heldForUndo says so. A newer choice
 * replaces a held one of the same conversation instead of following it: the held write would
 * otherwise land last and undo what the agent chose after it (assign to Maria, then to me, ends
 * with me). Adding back a tag whose removal is held takes the removal back, and queues nothing
 * (the server still has the tag): null then.
 */
export async function queueWrite<A extends OutboxAction>(
  outbox: Outbox,
  action: A,
  options: QueueOptions,
): Promise<A extends { kind: 'tag' } ? OutboxItem | null : OutboxItem>;
export async function queueWrite(
  outbox: Outbox,
  action: OutboxAction,
  options: QueueOptions,
): Promise<OutboxItem | null> {
  const held = heldOf(outbox, action.conversationId, options.now);
  if (action.kind === 'assign') {
    for (const item of held) if (item.action.kind === 'assign') await outbox.undo(item.id);
  }
  if (action.kind === 'tag') {
    const sameTag = held.find(
      (item) => item.action.kind === 'tag' && item.action.tag === action.tag && item.action.op === 'delete',
    );
    if (sameTag && action.op === 'delete') return sameTag;
    if (sameTag && action.op === 'add' && (await outbox.undo(sameTag.id))) return null;
  }
  const undoMs = heldForUndo(action, options.ownAdminId) ? options.undoMs : 0;
  return outbox.enqueue(action, undoMs ? { undoMs } : {});
}

/**
 * Queues the writes of a bulk action, one per conversation, all held for the undo window (a
 * batch lets one slip multiply: assigning thirty to oneself by mistake is worth an Undo too) and
 * tagged with the batch, so one Undo takes them all back. As with queueWrite, a newer assign
 * replaces a held one, and adding a tag whose removal is held takes the removal back instead. A
 * conversation whose close is already queued is not closed twice.
 */
export async function queueBatch(
  outbox: Outbox,
  actions: OutboxAction[],
  options: Omit<QueueOptions, 'ownAdminId'> & { batch: string },
): Promise<OutboxItem[]> {
  const queued = outbox.list().filter((item) => item.state !== 'failed');
  const toQueue: OutboxAction[] = [];
  for (const action of actions) {
    const held = heldOf(outbox, action.conversationId, options.now);
    if (action.kind === 'assign') {
      for (const item of held) if (item.action.kind === 'assign') await outbox.undo(item.id);
    } else if (action.kind === 'tag') {
      const removal = held.find(
        (item) => item.action.kind === 'tag' && item.action.tag === action.tag && item.action.op === 'delete',
      );
      if (removal && (await outbox.undo(removal.id))) continue;
    } else if (action.kind === 'close') {
      const closing = queued.some(
        (item) => item.action.kind === 'close' && item.action.conversationId === action.conversationId,
      );
      if (closing) continue;
    }
    toQueue.push(action);
  }
  return outbox.enqueueMany(toQueue, { undoMs: options.undoMs, batch: options.batch });
}

/** When the last reply of the conversation still waiting for its Undo send window goes (0: none waits). */
export function heldReplyEnd(outbox: Outbox, conversationId: Id, now: number): number {
  let end = 0;
  for (const item of outbox.list())
    if (
      item.state === 'pending' &&
      item.action.kind === 'reply' &&
      item.action.conversationId === conversationId &&
      (item.undoUntil ?? 0) > now
    )
      end = Math.max(end, item.undoUntil! + 1);
  return end;
}
