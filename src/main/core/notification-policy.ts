import type { Conversation, ConversationPart, Id } from '../../shared/api/types';
import type { Translate } from '../../shared/i18n';
import { previewOf, visitorName } from '../../shared/inbox';

export type NotifyScope = 'all' | 'mine-and-unassigned' | 'mine' | 'none';

export interface NotificationSettings {
  scope: NotifyScope;
  sound: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { scope: 'mine-and-unassigned', sound: true };

export interface VisitorNotification {
  /** One notification per conversation: a newer message replaces the older one. */
  conversationId: Id;
  title: string;
  body: string;
  silent: boolean;
}

/** Decides whether a new visitor message becomes a notification, and what it says. */
export function notificationFor(
  event: { conversation: Conversation; part: ConversationPart },
  context: { myAdminId: Id; activeConversationId: Id | null; settings: NotificationSettings; t: Translate },
): VisitorNotification | null {
  const { conversation, part } = event;
  const { settings } = context;
  if (conversation.id === context.activeConversationId) return null;
  const assignee = conversation.assignee?.id ?? null;
  const mine = assignee === context.myAdminId;
  const allowed =
    settings.scope === 'all' || (settings.scope === 'mine' && mine) || (settings.scope === 'mine-and-unassigned' && (mine || assignee === null));
  if (!allowed) return null;
  return {
    conversationId: conversation.id,
    title: visitorName(conversation.user) || context.t('inbox.anonymous', { id: conversation.user?.id ?? conversation.id }),
    body: previewOf(part),
    silent: !settings.sound,
  };
}
