import { alertsEvents, alertsInvoke } from './alerts';
import { bulkInvoke } from './bulk';
import { conversationEvents, conversationInvoke } from './conversation';
import { deepLinkEvents, deepLinkInvoke } from './deep-links';
import { diagnosticsInvoke } from './diagnostics';
import { firstScreenInvoke } from './first-screen';
import { directoryEvents, directoryInvoke } from './directory';
import { inboxEvents, inboxInvoke, mergedInboxInvoke } from './inbox';
import { attachmentsInvoke } from './attachments';
import { hostInvoke } from './host';
import { linksInvoke } from './links';
import { outboxEvents, outboxInvoke } from './outbox';
import { accountEvents, accountInvoke } from './account';
import { savedRepliesInvoke } from './saved-replies';
import { searchInvoke } from './search';
import { settingsEvents, settingsInvoke } from './settings';
import { toolkitEvents, toolkitInvoke } from './toolkit';
import { networkInvoke, updatesEvents, updatesInvoke } from './updates';

/**
 * Every channel of the IPC contract, declared once in the file of its feature. The types of
 * the contract (./contract), the lists the preload and main accept, and the argument checks
 * all come from here.
 */

/** Channels about all accounts at once: answered by the accounts. */
export const ACCOUNT_INVOKE = {
  ...accountInvoke,
  ...settingsInvoke,
  ...diagnosticsInvoke,
  ...mergedInboxInvoke,
  ...deepLinkInvoke,
  ...savedRepliesInvoke,
  ...searchInvoke,
  ...alertsInvoke,
  ...updatesInvoke,
  ...networkInvoke,
  ...hostInvoke,
  ...firstScreenInvoke,
};
/**
 * Channels of one account's workspace: each call names its account first (declared here
 * without it), and that account's workspace answers.
 */
export const WORKSPACE_INVOKE = {
  ...inboxInvoke,
  ...conversationInvoke,
  ...bulkInvoke,
  ...outboxInvoke,
  ...directoryInvoke,
  ...linksInvoke,
  ...attachmentsInvoke,
  ...toolkitInvoke,
};

export const INVOKE = { ...ACCOUNT_INVOKE, ...WORKSPACE_INVOKE };
export const ACCOUNT_EVENTS = {
  ...accountEvents,
  ...settingsEvents,
  ...deepLinkEvents,
  ...alertsEvents,
  ...updatesEvents,
};
/** Events of one account's workspace: each reaches the renderer as `{ accountId, value }`. */
export const WORKSPACE_EVENTS = {
  ...inboxEvents,
  ...conversationEvents,
  ...outboxEvents,
  ...directoryEvents,
  ...toolkitEvents,
};
export const EVENTS = { ...ACCOUNT_EVENTS, ...WORKSPACE_EVENTS };
