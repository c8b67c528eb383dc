import type { Conversation, ConversationPart, Id } from '../../../shared/api/types';
import type { Translate } from '../../../shared/i18n';
import { previewOf, unnamedVisitor, visitorName } from '../../../shared/inbox';
import { cleanUserText, clipText } from '../../../shared/text';
import { waitText } from '../../../shared/wait';

import type { AlertReason } from '../../../shared/alerts';
import type { NotificationSettings, NotifyScope, QuietHours } from '../../../shared/settings';
import { inQuietHours, quietNow } from '../../../shared/quiet-hours';

export type { NotificationSettings, NotifyScope, QuietHours };
export { inQuietHours };

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  scope: 'mine-and-unassigned',
  sound: true,
  quietHours: { enabled: false, start: '22:00', end: '08:00' },
  pausedUntil: null,
  followOsDoNotDisturb: true,
};

/** A notification shows a name and a line, not a page: longer text is clipped with "…". */
export const NOTIFICATION_TITLE_MAX = 64;
export const NOTIFICATION_BODY_MAX = 120;

/** Visitor text in a notification: no bidi controls (the OS shows it outside any isolate), clipped. */
const notificationText = (text: string, max: number) => clipText(cleanUserText(text), max);

export interface VisitorNotification {
  /** One notification per conversation: a newer message replaces the older one. */
  conversationId: Id;
  title: string;
  body: string;
  silent: boolean;
  /** How long the visitor has waited, in words ("waiting 4 min"); absent under a minute. */
  waited?: string;
}

export interface PolicyContext {
  myAdminId: Id;
  /** The conversation the agent is looking at: open in a focused, visible window (AgentAttention). */
  lookingAt: Id | null;
  settings: NotificationSettings;
  /** The operating system's own do-not-disturb, where it can be read. */
  osDoNotDisturb?: boolean;
  now: Date;
  t: Translate;
}

/** Why a visitor message shows no notification: what the log says when an agent asks where one went. */
export type SuppressedBecause = Exclude<AlertReason, 'already-notified'>;

export function suppressedBecause(
  conversation: Conversation,
  context: Omit<PolicyContext, 't'>,
): SuppressedBecause | null {
  const { settings } = context;
  // The agent is already reading this conversation.
  if (conversation.id === context.lookingAt) return 'looking-at-it';
  if (settings.pausedUntil !== null && context.now.getTime() < settings.pausedUntil) return 'paused';
  // The OS's own Do Not Disturb holds alerts back unless the agent chose not to follow it.
  if (context.osDoNotDisturb && settings.followOsDoNotDisturb !== false) return 'do-not-disturb';
  if (quietNow(settings, context.now)) return 'quiet-hours';
  if (settings.scope === 'none') return 'muted';
  const assignee = conversation.assignee?.id ?? null;
  const mine = assignee === context.myAdminId;
  const allowed =
    settings.scope === 'all' ||
    (settings.scope === 'mine' && mine) ||
    (settings.scope === 'mine-and-unassigned' && (mine || assignee === null));
  return allowed ? null : 'scope';
}

function waitedOf(waitingSince: number | undefined, context: PolicyContext): { waited?: string } {
  if (waitingSince === undefined) return {};
  const waited = waitText(context.t, Math.floor(context.now.getTime() / 1000) - waitingSince);
  return waited ? { waited } : {};
}

/** Decides whether a new visitor message becomes a notification, and what it says. */
export function notificationFor(
  event: { conversation: Conversation; part: ConversationPart; waitingSince?: number },
  context: PolicyContext,
): VisitorNotification | null {
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

/** The end of a pause "for an hour" or "until tomorrow" (08:00 next morning, local time). */
export function pauseUntil(kind: 'hour' | 'tomorrow', now: Date): number {
  if (kind === 'hour') return now.getTime() + 3600_000;
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(8, 0, 0, 0);
  return next.getTime();
}
