import type { Conversation, ConversationPart } from '../../../../shared/api/types';
import { previewOf, unnamedVisitor, visitorName } from '../../../../shared/inbox';
import { cleanUserText, clipText } from '../../../../shared/text';
import { waitText } from '../../../../shared/wait';
import type { NotificationKind, Wording } from '../kind';
import { suppressedBecause, type PolicyContext } from '../policy';

/** What the inbox sync says of a visitor message it had not seen (`sync/inbox-rules.ts` `newVisitorMessage`). */
export interface VisitorMessage {
  conversation: Conversation;
  part: ConversationPart;
  /** Since when the visitor has waited for an answer (whole seconds), if they have. */
  waitingSince?: number;
}

/** A notification shows a name and a line, not a page: longer text is clipped with "…". */
export const NOTIFICATION_TITLE_MAX = 64;
export const NOTIFICATION_BODY_MAX = 120;

/** Visitor text in a notification: no bidi controls (the OS shows it outside any isolate), clipped. */
const notificationText = (text: string, max: number) => clipText(cleanUserText(text), max);

function waitedOf(waitingSince: number | undefined, context: PolicyContext): { waited?: string } {
  if (waitingSince === undefined) return {};
  const waited = waitText(context.t, Math.floor(context.now.getTime() / 1000) - waitingSince);
  return waited ? { waited } : {};
}

/** Decides whether a new visitor message becomes a notification, and what it says. */
export function notificationFor(event: VisitorMessage, context: PolicyContext): Wording | null {
  const { conversation, part } = event;
  const { settings } = context;
  if (suppressedBecause(conversation, context)) return null;
  return {
    conversationId: conversation.id,
    title:
      notificationText(visitorName(conversation.user), NOTIFICATION_TITLE_MAX) ||
      unnamedVisitor(
        context.t,
        { id: conversation.user?.id ?? null, city: conversation.user?.props['$city'] as string | undefined },
        conversation.id,
      ),
    body: notificationText(previewOf(part), NOTIFICATION_BODY_MAX) || context.t('notification.attachment'),
    // How long the visitor has waited ("waiting 4 min"), once it is a minute or more.
    ...waitedOf(event.waitingSince, context),
    silent: !settings.sound,
  };
}

/**
 * A visitor wrote. When: the inbox sync sees a visitor message it had not seen and the policy
 * lets it through (`deliver.ts` records each decision and plays Perch's sound). Wording: the
 * visitor's name (or who they are), the message, how long they have waited. Buttons: a reply
 * box, Assign to me, Mark as read, Snooze for an hour.
 */
export const visitorMessage: NotificationKind<VisitorMessage> = {
  name: 'visitor-message',
  reply: true,
  buttons: [
    { action: 'assign-to-me', label: 'notification.assignToMe' },
    { action: 'mark-read', label: 'notification.markRead' },
    { action: 'snooze-hour', label: 'notification.snoozeHour' },
  ],
  wording: notificationFor,
};
