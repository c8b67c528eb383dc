import { badgeOf, type AppBadge } from '../../../shared/badge';
import { notificationSettingsFor, type NotificationSettings } from '../../../shared/settings';
import { freshnessOf } from '../../../shared/freshness';
import type { AccountId } from '../../../shared/accounts';
import type { InboxStatus } from '../../../shared/ipc/contract';

/** What the badge and the tray read of a running account (`accounts/running-workspaces.ts` has it). */
interface RunningAccount {
  status: InboxStatus;
  connection: { id: AccountId };
  refused: boolean;
  workspace: { inbox: { longestWaitSince(): number | null } };
}

/**
 * The app's badge over every running account: each counts what its own notification scope
 * covers; a refused token, or a saved account whose token is missing, marks a reconnect.
 */
export function appBadgeOf(
  running: readonly Pick<RunningAccount, 'status' | 'connection' | 'refused'>[],
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

/** What the tray's tooltip adds to the counts: since when an account is stale, and the longest visitor wait. */
export function trayDetails(
  running: readonly Pick<RunningAccount, 'status' | 'workspace'>[],
  now: number,
): { staleSince: number | null; waitingSince: number | null } {
  let staleSince: number | null = null;
  let waitingSince: number | null = null;
  for (const r of running) {
    const freshness = freshnessOf(r.status, now);
    if (freshness.kind === 'stale' && freshness.since !== null && (staleSince === null || freshness.since < staleSince))
      staleSince = freshness.since;
    const since = r.workspace.inbox.longestWaitSince();
    if (since !== null && (waitingSince === null || since < waitingSince)) waitingSince = since;
  }
  return { staleSince, waitingSince };
}
