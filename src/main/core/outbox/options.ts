import type { Clock } from '../ports';

/** The outbox's choices in a workspace's options (`WorkspaceOptions` is made of each feature's). */
export interface OutboxChoices {
  /** How long a close, an assign away or a tag removal waits with Undo before it is sent (default UNDO_WINDOW_MS, 5 s). */
  undoWindowMs?: number;
  /** Undo send: how long a reply waits with Undo, read at each reply (default none: sent at once). */
  undoSendMs?: () => number;
}

/** What the write handlers read of a workspace's options. */
export type WriteOptions = Pick<OutboxChoices, 'undoWindowMs' | 'undoSendMs'> & {
  clock: Clock;
  account: { adminId: string };
};
