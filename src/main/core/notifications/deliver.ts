import type { SnoozeReturned } from '../../../shared/snooze';
import { translator } from '../../../shared/i18n';
import { clipText } from '../../../shared/text';
import type { AccountAlerts } from '../alerts/account-alerts';
import type { AlertRecord } from '../alerts/alert-record';
import type { AgentAttention } from '../attention/agent-attention';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_TITLE_MAX, notificationFor, suppressedBecause } from './policy';
import type { ScopedLog } from '../ports';
import { snoozeNotification } from '../snooze/snooze-rows';
import type { InboxSync, InboxSyncEvents } from '../sync/inbox-sync';
import type { BuiltWorkspaceOptions } from '../workspace/workspace-options';

export interface VisitorNotificationsDeps {
  options: BuiltWorkspaceOptions;
  inbox: InboxSync;
  attention: AgentAttention;
  /** Every decision about a visitor message. */
  alerts: AlertRecord;
  /** Perch's sounds and the escalation ladder for this account, when the app has them. */
  alerting: AccountAlerts | null;
  log: ScopedLog;
}

/**
 * The native notifications of one account: a visitor's message (or why it was held back), and
 * a snooze that ran out. Beside other accounts, each title says which account it is from.
 */
export class VisitorNotifications {
  constructor(private readonly deps: VisitorNotificationsDeps) {}

  visitorMessage(event: InboxSyncEvents['visitor-message']): void {
    const { options, attention, alerts, log } = this.deps;
    const context = {
      myAdminId: options.account.adminId,
      lookingAt: attention.lookingAt(),
      osDoNotDisturb: attention.current.osDoNotDisturb,
      settings: options.notificationSettings?.() ?? DEFAULT_NOTIFICATION_SETTINGS,
      now: new Date(options.clock.now()),
    };
    const ids = { conversationId: event.conversation.id, partId: event.part.id };
    const accountId = options.account.id;
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
    const notification = notificationFor(event, { ...context, t: translator(options.locale?.() ?? 'en') });
    if (!notification) return;
    alerts.markNotified(accountId, event.part.id);
    alerts.add({ ...entry, outcome: 'notified', reason: null });
    log.info('notification shown', { ...ids, silent: notification.silent });
    // Perch's own sound plays instead of the OS's: the two never sound together.
    const perchSounded = this.deps.alerting?.notified(event.conversation) ?? false;
    const silent = notification.silent || perchSounded;
    options.notifier.show({ ...notification, title: this.titled(notification.title), silent, accountId });
  }

  /** A visitor's message has its own notification; a snooze that ran out by the clock needs one. */
  snoozeReturned(returned: SnoozeReturned): void {
    if (returned.because !== 'time') return;
    const { options, inbox } = this.deps;
    const t = translator(options.locale?.() ?? 'en');
    const notification = snoozeNotification(returned, inbox.row(returned.conversationId), t);
    options.notifier.show({ ...notification, title: this.titled(notification.title), accountId: options.account.id });
  }

  /** Beside other accounts, a notification says which one it is from. */
  private titled(title: string): string {
    const label = this.deps.options.accountLabel?.();
    return label ? clipText(`${label} · ${title}`, NOTIFICATION_TITLE_MAX) : title;
  }
}
