import type { Conversation, Id } from '../../../shared/api/types';
import type { Translate } from '../../../shared/i18n';
import type { AlertReason } from '../../../shared/alerts';
import type { NotificationSettings, NotifyScope, QuietHours } from '../../../shared/settings';
import { inQuietHours, quietNow } from '../../../shared/quiet-hours';

export type { NotificationSettings, NotifyScope, QuietHours };
export { inQuietHours };

/** What every kind of notification is decided against: whose it is, what the agent sees, the settings, the time. */
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

/** The rules before any wording: looked at, paused, Do Not Disturb, quiet hours, muted, the agent's scope. */
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
