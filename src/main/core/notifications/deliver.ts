import type { AccountId } from '../../../shared/accounts';
import type { Id } from '../../../shared/api/types';
import { translator, type Locale } from '../../../shared/i18n';
import type { SnoozeReturned } from '../../../shared/snooze';
import { clipText } from '../../../shared/text';
import type { AccountAlerts } from '../alerts/account-alerts';
import type { AlertRecord } from '../alerts/alert-record';
import type { Notifier, ScopedLog } from '../ports';
import type { InboxSync, InboxSyncEvents } from '../sync/inbox-sync';
import { suppressedBecause, type NotificationSettings } from './policy';
import { NOTIFICATION_TITLE_MAX, notificationFor } from './kinds/visitor-message';
import { notifiesSnoozeEnd, snoozeNotification } from './kinds/snooze-ended';

/**
 * Who a notification is for and what holds at that moment: it travels with each event, read
 * once when the event happens (`workspace/wiring.ts`), so the policy and the wording read no
 * closures of their own.
 */
export interface NotificationContext {
  accountId: AccountId;
  /** Beside other accounts, the account's label, which each title then starts with (else null). */
  accountLabel: string | null;
  locale: Locale;
  settings: NotificationSettings;
  myAdminId: Id;
  /** The conversation the agent is looking at (AgentAttention). */
  lookingAt: Id | null;
  osDoNotDisturb: boolean;
  now: Date;
}

export interface DeliverDeps {
  notifier: Notifier;
  inbox: Pick<InboxSync, 'row'>;
  /** Every decision about a visitor message. */
  alerts: AlertRecord;
  /** Perch's sounds and the escalation ladder for this account, when the app has them. */
  alerting: AccountAlerts | null;
  log: ScopedLog;
}

/**
 * The native notifications of one account, from the event to the Notifier: each kind's wording
 * (`kinds/`), the policy (`policy.ts`), the record and the log, Perch's sound in place of the
 * OS's, and the account's label.
 */
export class VisitorNotifications {
  constructor(private readonly deps: DeliverDeps) {}

  visitorMessage(event: InboxSyncEvents['visitor-message'], context: NotificationContext): void {
    const { alerts, log } = this.deps;
    const ids = { conversationId: event.conversation.id, partId: event.part.id };
    const { accountId } = context;
    const entry = { accountId, conversationId: event.conversation.id, at: context.now.getTime() };
    // "It stopped notifying me": each visitor message leaves a line in the log and in the alert
    // record (Diagnostics) saying whether it showed, and if not why.
    const because = alerts.alreadyNotified(accountId, event.part.id)
      ? 'already-notified'
      : suppressedBecause(event.conversation, context);
    if (because) {
      alerts.add({ ...entry, outcome: 'held', reason: because });
      return log.info('notification suppressed', { ...ids, because });
    }
    const notification = notificationFor(event, { ...context, t: translator(context.locale) });
    if (!notification) return;
    alerts.markNotified(accountId, event.part.id);
    alerts.add({ ...entry, outcome: 'notified', reason: null });
    log.info('notification shown', { ...ids, silent: notification.silent });
    // Perch's own sound plays instead of the OS's: the two never sound together.
    const perchSounded = this.deps.alerting?.notified(event.conversation) ?? false;
    const silent = notification.silent || perchSounded;
    this.deps.notifier.show({ ...notification, title: titled(notification.title, context), silent, accountId });
  }

  /** A visitor's message has its own notification; a snooze that ran out by the clock needs one. */
  snoozeReturned(returned: SnoozeReturned, context: NotificationContext): void {
    if (!notifiesSnoozeEnd(returned)) return;
    const t = translator(context.locale);
    const notification = snoozeNotification(returned, this.deps.inbox.row(returned.conversationId), t);
    this.deps.notifier.show({
      ...notification,
      title: titled(notification.title, context),
      accountId: context.accountId,
    });
  }
}

/** Beside other accounts, a notification says which one it is from. */
function titled(title: string, { accountLabel }: NotificationContext): string {
  return accountLabel ? clipText(`${accountLabel} · ${title}`, NOTIFICATION_TITLE_MAX) : title;
}
