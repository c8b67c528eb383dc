import type { InboxChange, InboxStatus } from './ipc/contract';

/** How an account's inbox stands after a change: the change without its rows (main's tray and the window read it alike). */
export function inboxStatusOf(change: InboxChange): InboxStatus {
  return {
    totals: change.totals,
    health: change.health,
    progress: change.progress,
    trouble: change.trouble ?? null,
    realtime: change.realtime,
    freshness: change.freshness,
  };
}
