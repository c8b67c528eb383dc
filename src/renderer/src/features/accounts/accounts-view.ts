import type { Id } from '../../../../shared/api/types';
import type { AccountId, ConversationKey } from '../../../../shared/accounts';
import type { SyncHealth } from '../../../../shared/inbox';
import type { AccountInfo, InboxStatus, SyncProgress } from '../../../../shared/ipc/contract';
import type { OutboxItem } from '../../../../shared/outbox';

/** The accounts the store holds, as the screens read them: pure functions, tested without a DOM. */

/** An outbox item with the account whose outbox holds it: retry and discard go to that account. */
export type HeldOutboxItem = OutboxItem & { accountId: AccountId };

/** The administrator "Mine" means for the open conversation: its account's. */
export function myAdminId(state: {
  conversation: { accountId: AccountId } | null;
  admins: ReadonlyMap<AccountId, Id>;
}): Id | null {
  return state.conversation ? (state.admins.get(state.conversation.accountId) ?? null) : null;
}

/** Every account's outbox as one list, each item naming its account. */
export const heldOutboxItems = (outboxes: ReadonlyMap<AccountId, OutboxItem[]>): HeldOutboxItem[] =>
  [...outboxes].flatMap(([accountId, items]) => items.map((item) => ({ ...item, accountId })));

/** An account whose workspace runs (its token may since have been refused): its calls are answered. */
export const isRunning = (account: AccountInfo) => account.status === 'connected' || account.status === 'refused';

/** Whom "Mine" means in each account. */
export function adminsOf(accounts: readonly AccountInfo[]): Map<AccountId, Id> {
  return new Map(accounts.map((a) => [a.id, a.adminId]));
}

/** How far the first read of every inbox has come: done when each is. */
export function overallProgress(statuses: Record<AccountId, InboxStatus>): SyncProgress {
  const all = Object.values(statuses);
  return { loaded: all.reduce((n, s) => n + s.progress.loaded, 0), done: all.every((s) => s.progress.done) };
}

/** An account's health as the agent reads it: a refused token or a missing one waits for a reconnect. */
export function healthOf(account: AccountInfo, status: InboxStatus | undefined): SyncHealth | 'reconnect' {
  if (account.status !== 'connected') return 'reconnect';
  return status?.health ?? 'starting';
}

/**
 * Whether every connected account syncs: reads that failed are worth trying again. Unlike the
 * health shown (`summarizeAccounts`), an account waiting for a sign-in does not hold this back.
 */
export function connectedSyncing(accounts: readonly AccountInfo[], statuses: Record<AccountId, InboxStatus>): boolean {
  const reporting = accounts.filter((a) => a.status === 'connected' && statuses[a.id]);
  return reporting.length > 0 && reporting.every((a) => statuses[a.id]!.health === 'ok');
}

/** The account the directory screens (visitors, leads, channels) show: chosen there, else the sidebar's, else the first connected. */
export function directoryAccountOf(state: {
  accounts: readonly AccountInfo[];
  directoryChoice: AccountId | null;
  accountFilter: AccountId | null;
}): AccountId | null {
  const running = state.accounts.filter(isRunning);
  for (const wanted of [state.directoryChoice, state.accountFilter])
    if (wanted !== null && running.some((a) => a.id === wanted)) return wanted;
  return running[0]?.id ?? null;
}

/** Keys grouped by their account, each account's IDs in the order given. */
export function idsByAccount(
  keys: readonly ConversationKey[],
  rows: ReadonlyMap<ConversationKey, { accountId: AccountId; id: Id }>,
): Map<AccountId, Id[]> {
  const grouped = new Map<AccountId, Id[]>();
  for (const key of keys) {
    const row = rows.get(key);
    if (!row) continue;
    const ids = grouped.get(row.accountId);
    if (ids) ids.push(row.id);
    else grouped.set(row.accountId, [row.id]);
  }
  return grouped;
}

/** The account and ID a key names ("account/id"). */
export function splitKey(key: ConversationKey): { accountId: AccountId; id: Id } {
  const at = key.lastIndexOf('/');
  return { accountId: key.slice(0, at), id: key.slice(at + 1) };
}

/**
 * How changes reach Perch, said once for every connected account: the slowest way counts, and
 * `off` (live updates the agent switched off) says less than polling for want of a connection.
 */
export type LiveWay = 'live' | 'long-polling' | 'off' | 'polling';
const LIVE_WAY_RANK: readonly LiveWay[] = ['live', 'long-polling', 'off', 'polling'];

export function liveWayOf(accounts: readonly AccountInfo[], statuses: Record<AccountId, InboxStatus>): LiveWay {
  let worst = -1;
  for (const account of accounts) {
    const realtime = statuses[account.id]?.realtime;
    if (account.status !== 'connected') continue;
    const way: LiveWay = !account.liveUpdates
      ? 'off'
      : realtime === 'connected'
        ? 'live'
        : realtime === 'long-polling'
          ? 'long-polling'
          : 'polling';
    worst = Math.max(worst, LIVE_WAY_RANK.indexOf(way));
  }
  return LIVE_WAY_RANK[worst] ?? 'polling';
}
