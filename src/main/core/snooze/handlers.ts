import { SNOOZE_MAX_AHEAD_MS } from '../../../shared/snooze';
import { ContractError, type WorkspaceHandlers } from '../contract/contract-dispatch';
import type { Clock } from '../ports';
import type { InboxSync } from '../sync/inbox-sync';
import { TooManySnoozesError, type Snoozes } from './snoozes';

/** Perch's own snooze (shared/ipc/channels/toolkit.ts): snooze a conversation, wake it, list them. */
export function snoozeHandlers(parts: {
  snoozes: Snoozes;
  inbox: Pick<InboxSync, 'conversation'>;
  options: { clock: Clock };
}): Pick<WorkspaceHandlers, 'conversation:snooze' | 'conversation:wake' | 'snooze:list'> {
  const { snoozes, inbox, options } = parts;
  return {
    'conversation:snooze': async (conversationId, until, note, seenPart) => {
      const now = options.clock.now();
      if (until <= now) throw new ContractError('invalid-arguments', 'A snooze ends in the future');
      if (until > now + SNOOZE_MAX_AHEAD_MS)
        throw new ContractError('invalid-arguments', 'A snooze ends within a year');
      if (snoozes.full(conversationId)) throw new ContractError('invalid-arguments', new TooManySnoozesError().message);
      // Without the renderer's word, what the core last read of the conversation counts as seen.
      const seen = seenPart ?? inbox.conversation(conversationId)?.part_last?.id ?? null;
      return snoozes.snooze(conversationId, until, note, seen);
    },
    'conversation:wake': async (conversationId) => {
      await snoozes.wake(conversationId);
      return null;
    },
    'snooze:list': async () => snoozes.list(),
  };
}
