import type { Outbox } from '../outbox/outbox';
import type { PendingWrites } from './update-controller';

/**
 * The writes a restart waits for: in every running account's outbox, what is due now (a
 * close still in its undo window is sent at once). Writes waiting for a later retry are
 * already saved and go after the restart.
 */
export function outboxWrites(outboxes: () => Outbox[]): PendingWrites {
  return {
    count: () =>
      outboxes().reduce(
        (total, outbox) => total + outbox.list().filter((i) => i.state === 'pending' || i.state === 'sending').length,
        0,
      ),
    drain: async () => {
      await Promise.all(
        outboxes().map(async (outbox) => {
          await outbox.sendHeld();
          await outbox.drain();
          await outbox.flush();
        }),
      );
    },
  };
}
