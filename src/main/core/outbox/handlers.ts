import type { WorkspaceHandlers } from '../contract/contract-dispatch';
import type { Outbox } from './outbox';

/** `outbox:*` (shared/ipc/channels/outbox.ts): the writes waiting, retried, discarded or taken back. */
export function outboxHandlers(parts: {
  outbox: Outbox;
}): Pick<WorkspaceHandlers, 'outbox:list' | 'outbox:retry' | 'outbox:discard' | 'outbox:undo'> {
  const { outbox } = parts;
  return {
    'outbox:list': async () => outbox.list(),
    'outbox:retry': async (itemId) => outbox.retry(itemId),
    'outbox:discard': async (itemId) => outbox.discard(itemId),
    'outbox:undo': async (itemId) => outbox.undo(itemId),
  };
}
