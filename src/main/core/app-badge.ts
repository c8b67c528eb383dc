import { badgeOf, type AppBadge } from '../../shared/badge';
import { notificationSettingsFor, type NotificationSettings } from '../../shared/settings';
import type { RunningWorkspace } from './running-workspaces';

/**
 * The app's badge over every running account: each counts what its own notification scope
 * covers; a refused token, or a saved account whose token is missing, marks a reconnect.
 */
export function appBadgeOf(
  running: readonly Pick<RunningWorkspace, 'status' | 'connection' | 'refused'>[],
  notifications: NotificationSettings,
  missingToken: boolean,
): AppBadge {
  const accounts = running.map((r) => ({
    totals: r.status.totals,
    scope: notificationSettingsFor(notifications, r.connection.id).scope,
    reconnect: r.refused,
  }));
  if (missingToken) accounts.push({ totals: { all: 0, mine: 0, unassigned: 0 }, scope: 'all', reconnect: true });
  return badgeOf(accounts);
}
