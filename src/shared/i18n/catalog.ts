import * as accounts from './accounts';
import * as alerts from './alerts';
import * as bulk from './bulk';
import * as composer from './composer';
import * as connect from './connect';
import * as conversation from './conversation';
import * as desktop from './desktop';
import * as diagnostics from './diagnostics';
import * as directory from './directory';
import * as inbox from './inbox';
import * as network from './network';
import * as outbox from './outbox';
import * as palette from './palette';
import * as replies from './replies';
import * as settings from './settings';
import * as snooze from './snooze';
import * as trouble from './trouble';
import * as updates from './updates';
import * as visitor from './visitor';

/** Each file holds the keys of a few prefixes (`accounts.*`, `account.*`), English and Russian side by side. */
export const namespaces = {
  accounts,
  alerts,
  bulk,
  composer,
  connect,
  conversation,
  desktop,
  diagnostics,
  directory,
  inbox,
  network,
  outbox,
  palette,
  replies,
  settings,
  snooze,
  trouble,
  updates,
  visitor,
};

/** The one catalog of user-visible text: English defines the keys, Russian must have each. */
export const en = {
  ...accounts.en,
  ...alerts.en,
  ...bulk.en,
  ...composer.en,
  ...connect.en,
  ...conversation.en,
  ...desktop.en,
  ...diagnostics.en,
  ...directory.en,
  ...inbox.en,
  ...network.en,
  ...outbox.en,
  ...palette.en,
  ...replies.en,
  ...settings.en,
  ...snooze.en,
  ...trouble.en,
  ...updates.en,
  ...visitor.en,
};

export type MessageKey = keyof typeof en;

/** Russian: every English key and the plural forms English lacks (each namespace's type checks its own). */
export const ru: Record<MessageKey, string> & Record<string, string> = {
  ...accounts.ru,
  ...alerts.ru,
  ...bulk.ru,
  ...composer.ru,
  ...connect.ru,
  ...conversation.ru,
  ...desktop.ru,
  ...diagnostics.ru,
  ...directory.ru,
  ...inbox.ru,
  ...network.ru,
  ...outbox.ru,
  ...palette.ru,
  ...replies.ru,
  ...settings.ru,
  ...snooze.ru,
  ...trouble.ru,
  ...updates.ru,
  ...visitor.ru,
};
