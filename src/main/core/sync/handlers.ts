import type { Id } from '../../../shared/api/types';
import type { WorkspaceHandlers } from '../contract/contract-dispatch';

/** `inbox:viewing` and `inbox:try-now` (shared/ipc/channels/inbox.ts): what the agent sees, and "Try now". */
export function inboxHandlers(parts: {
  setViewedRows(ids: Id[]): void;
  tryNow(): void;
}): Pick<WorkspaceHandlers, 'inbox:viewing' | 'inbox:try-now'> {
  return {
    'inbox:viewing': async (conversationIds) => {
      parts.setViewedRows(conversationIds);
      return null;
    },
    'inbox:try-now': async () => {
      parts.tryNow();
      return null;
    },
  };
}
