import type { WorkspaceHandlers } from '../contract/contract-dispatch';
import { conversationHandlers } from '../conversation/handlers';
import { directoryHandlers } from '../directory/handlers';
import { bulkHandlers } from '../outbox/bulk-handlers';
import { outboxHandlers } from '../outbox/handlers';
import { snoozeHandlers } from '../snooze/handlers';
import { inboxHandlers } from '../sync/handlers';
import { toolkitHandlers } from '../toolkit/handlers';

/** What a workspace hands its handlers: what each feature's handlers read of it (the Workspace has all of it). */
export type HandledWorkspace = Parameters<typeof inboxHandlers>[0] &
  Parameters<typeof conversationHandlers>[0] &
  Parameters<typeof outboxHandlers>[0] &
  Parameters<typeof bulkHandlers>[0] &
  Parameters<typeof directoryHandlers>[0] &
  Parameters<typeof snoozeHandlers>[0] &
  Parameters<typeof toolkitHandlers>[0];

/**
 * The IPC contract's workspace channels, answered by one workspace: each feature answers its
 * own (`<feature>/handlers.ts`, beside `shared/ipc/channels/<feature>.ts`).
 */
export function createHandlers(workspace: HandledWorkspace): WorkspaceHandlers {
  return {
    ...inboxHandlers(workspace),
    ...conversationHandlers(workspace),
    ...outboxHandlers(workspace),
    ...bulkHandlers(workspace),
    ...directoryHandlers(workspace),
    ...snoozeHandlers(workspace),
    ...toolkitHandlers(workspace),
  };
}
