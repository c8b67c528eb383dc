import type { Id } from '../../../shared/api/types';
import { translator, type Translate } from '../../../shared/i18n';
import { clipText } from '../../../shared/text';
import type { AccountAlerts } from '../alerts/account-alerts';
import type { AlertRecord } from '../alerts/alert-record';
import type { Notifier, ScopedLog } from '../ports';
import type { InboxSync } from '../sync/inbox-sync';
import { notificationOf, type NotificationContext, type NotificationKind, type Wording } from './kind';
import { suppressedBecause } from './policy';
import { NOTIFICATION_TITLE_MAX, visitorMessage, type VisitorMessage } from './kinds/visitor-message';

export type { NotificationContext } from './kind';

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
 * and buttons (`kinds/`), the account's label, and for a visitor's message the policy
 * (`policy.ts`), the record and the log, and Perch's sound in place of the OS's.
 */
export class VisitorNotifications {
  constructor(private readonly deps: DeliverDeps) {}

  visitorMessage(event: VisitorMessage, context: NotificationContext): void {
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
    const t = translator(context.locale);
    const wording = visitorMessage.wording(event, this.wordingContext(context, t));
    if (!wording) return;
    alerts.markNotified(accountId, event.part.id);
    alerts.add({ ...entry, outcome: 'notified', reason: null });
    log.info('notification shown', { ...ids, silent: wording.silent });
    // Perch's own sound plays instead of the OS's: the two never sound together.
    const perchSounded = this.deps.alerting?.notified(event.conversation, context) ?? false;
    this.present(visitorMessage, { ...wording, silent: wording.silent || perchSounded }, context, t);
  }

  /** A notification of `kind` for `event`, when the kind says this event shows one. */
  show<Event>(kind: NotificationKind<Event>, event: Event, context: NotificationContext): void {
    const t = translator(context.locale);
    const wording = kind.wording(event, this.wordingContext(context, t));
    if (wording) this.present(kind, wording, context, t);
  }

  private wordingContext(context: NotificationContext, t: Translate) {
    return { ...context, t, row: (id: Id) => this.deps.inbox.row(id) };
  }

  /** To the Notifier: the kind's buttons, and beside other accounts, which one it is from. */
  private present<Event>(kind: NotificationKind<Event>, wording: Wording, context: NotificationContext, t: Translate) {
    const { accountLabel, accountId } = context;
    const title = accountLabel ? clipText(`${accountLabel} · ${wording.title}`, NOTIFICATION_TITLE_MAX) : wording.title;
    this.deps.notifier.show({ ...notificationOf(kind, { ...wording, title }, t), accountId });
  }
}
