import type { AgentSettings } from '../../../shared/settings';
import type { InboxPage, IpcResult, PerchBridge } from '../../../shared/ipc/contract';

/** Rows the first `inbox:get` brings: enough for the first screen of any view. */
export const FIRST_SCREEN_ROWS = 60;

/** The answers the first screen needs, asked for before the app's code has loaded. */
export interface FirstRequests {
  settings: Promise<IpcResult<AgentSettings>>;
  firstRows: Promise<IpcResult<InboxPage>>;
}

/**
 * Sent by the page's small entry script while the rest of the code is still on its way and
 * being parsed: main's answers and the app's code arrive side by side instead of one after
 * the other. `app:ready` is not among them: main sends events once it is said, and only the
 * store, listening by then, says it.
 */
export function sendFirstRequests(bridge: PerchBridge): FirstRequests {
  return {
    settings: bridge.invoke('settings:get'),
    firstRows: bridge.invoke('inbox:get', { offset: 0, limit: FIRST_SCREEN_ROWS }),
  };
}
