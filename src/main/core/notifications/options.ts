import type { Locale } from '../../../shared/i18n';
import type { NotificationSettings } from '../../../shared/settings';
import type { Notifier } from '../ports';

/** The notifications' choices in a workspace's options, each read once per event into its context (kind.ts). */
export interface NotificationChoices {
  notifier: Notifier;
  /** The language of notifications, read at each one so a change in settings applies at once. */
  locale?: () => Locale;
  /** Read at each decision, so a settings change applies at once. */
  notificationSettings?: () => NotificationSettings;
  /** The account's label, read at each notification: shown while other accounts are beside it (else null). */
  accountLabel?: () => string | null;
}
