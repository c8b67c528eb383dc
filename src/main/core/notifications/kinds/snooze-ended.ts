import type { Translate } from '../../../../shared/i18n';
import { unnamedVisitor, type InboxRow } from '../../../../shared/inbox';
import type { SnoozeReturned } from '../../../../shared/snooze';
import { clipText, cleanUserText } from '../../../../shared/text';
import type { NotificationKind, Wording } from '../kind';

const BODY_MAX = 200;

/** Whether a snooze's end shows a notification. */
export const notifiesSnoozeEnd = (returned: SnoozeReturned) => returned.because === 'time';

/** The notification of a snooze that ran out: its note when it is a reminder, else the last message. */
export function snoozeNotification(returned: SnoozeReturned, row: InboxRow | undefined, t: Translate): Wording {
  const who =
    row?.visitorName ||
    unnamedVisitor(t, { id: row?.visitorId ?? null, city: row?.visitorCity }, returned.conversationId);
  const body = returned.note || row?.preview || '';
  return {
    conversationId: returned.conversationId,
    title: t(returned.note ? 'snooze.reminderTitle' : 'snooze.returnedTitle', { name: cleanUserText(who) }),
    body: clipText(cleanUserText(body), BODY_MAX),
    silent: false,
  };
}

/**
 * A snooze ran out. When: by the clock only (`because: 'time'`); a visitor writing ends a snooze
 * with a notification of its own. Wording: the note when it is a reminder, else the last
 * message. Never held back by the policy: the agent asked for it. Buttons: Snooze another hour,
 * Mark as read (a click opens the conversation).
 */
export const snoozeEnded: NotificationKind<SnoozeReturned> = {
  name: 'snooze-ended',
  reply: false,
  buttons: [
    { action: 'snooze-hour', label: 'notification.snoozeAnotherHour' },
    { action: 'mark-read', label: 'notification.markRead' },
  ],
  wording: (returned, context) =>
    notifiesSnoozeEnd(returned) ? snoozeNotification(returned, context.row(returned.conversationId), context.t) : null,
};
