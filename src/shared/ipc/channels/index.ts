import { conversationEvents, conversationInvoke } from './conversation';
import { diagnosticsInvoke } from './diagnostics';
import { directoryEvents, directoryInvoke } from './directory';
import { inboxEvents, inboxInvoke } from './inbox';
import { linksInvoke } from './links';
import { outboxEvents, outboxInvoke } from './outbox';
import { sessionEvents, sessionInvoke } from './session';
import { settingsEvents, settingsInvoke } from './settings';

/**
 * Every channel of the IPC contract, declared once in the file of its feature. The types of
 * the contract (./contract), the lists the preload and main accept, and the argument checks
 * all come from here.
 */

/** Channels about which workspace is shown: answered by the sessions, whatever the workspace. */
export const SESSION_INVOKE = { ...sessionInvoke, ...settingsInvoke, ...diagnosticsInvoke };
/** Channels of the workspace shown now: answered by it. */
export const WORKSPACE_INVOKE = {
  ...inboxInvoke,
  ...conversationInvoke,
  ...outboxInvoke,
  ...directoryInvoke,
  ...linksInvoke,
};

export const INVOKE = { ...SESSION_INVOKE, ...WORKSPACE_INVOKE };
export const EVENTS = {
  ...sessionEvents,
  ...settingsEvents,
  ...inboxEvents,
  ...conversationEvents,
  ...outboxEvents,
  ...directoryEvents,
};
