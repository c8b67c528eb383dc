import { conversationKey, type AccountId, type ConversationKey } from '../../shared/accounts';
import type { SyncHealth, UnreadTotals } from '../../shared/inbox';
import type { AccountEvent, AccountInfo, InboxChange, InboxStatus, SyncProgress } from '../../shared/ipc/contract';
import { overallHealth, overallProgress, sumTotals } from './accounts-view';
import { inboxMoved, type InboxLoadState } from './inbox-loading';

/** The store's state an inbox change touches. */
export interface InboxChangeState extends InboxLoadState {
  accounts: AccountInfo[];
  statuses: Record<AccountId, InboxStatus>;
  totals: UnreadTotals;
  health: SyncHealth;
  progress: SyncProgress;
  loaded: boolean;
  typing: Map<ConversationKey, { body: string; at: number }>;
}

interface ChangingStore {
  getState(): InboxChangeState;
  setState(partial: Partial<InboxChangeState>): void;
}

/** Every account's standing, and that of all together, from each account's status. */
export const fromStatuses = (accounts: readonly AccountInfo[], statuses: Record<AccountId, InboxStatus>) => {
  const progress = overallProgress(statuses);
  return { statuses, totals: sumTotals(statuses), health: overallHealth(accounts, statuses), progress };
};

/**
 * Applies main's inbox changes to the store, holding those that arrive before the first rows
 * are in. Each change carries whole rows and main sends them in order from the window's start,
 * so applying the held ones after the first rows, in order, ends with every row as main last had it.
 */
export function inboxChanges(store: ChangingStore) {
  let held: AccountEvent<InboxChange>[] | null = null;

  const apply = ({ accountId, value: change }: AccountEvent<InboxChange>) => {
    const state = store.getState();
    if (!state.accounts.some((a) => a.id === accountId)) return;
    // The visitor's new message ends their typing line, whichever conversation is open.
    const ended = change.upserted
      .map((row) => ({ row, key: conversationKey(accountId, row.id) }))
      .filter(
        ({ row, key }) =>
          row.previewFromVisitor && state.typing.has(key) && row.preview !== state.inbox.rows.get(key)?.preview,
      )
      .map(({ key }) => key);
    for (const row of change.upserted) state.inbox.upsert({ ...row, accountId });
    for (const id of change.removed) state.inbox.remove(conversationKey(accountId, id));
    const moved = change.upserted.length > 0 || change.removed.length > 0;
    const statuses = {
      ...state.statuses,
      [accountId]: { totals: change.totals, health: change.health, progress: change.progress },
    };
    const standing = fromStatuses(state.accounts, statuses);
    store.setState({
      ...(moved ? inboxMoved(state) : {}),
      ...standing,
      loaded: state.loaded || standing.progress.done,
    });
    if (ended.length) {
      const typing = new Map(store.getState().typing);
      for (const key of ended) typing.delete(key);
      store.setState({ typing });
    }
  };

  return {
    receive(event: AccountEvent<InboxChange>): void {
      if (held) held.push(event);
      else apply(event);
    },
    /** From now until `release`, changes wait: the first rows are on their way. */
    hold(): void {
      held ??= [];
    },
    /** The first rows are in (or could not be read): the changes held are applied, in order. */
    release(): void {
      const waiting = held ?? [];
      held = null;
      for (const event of waiting) apply(event);
    },
  };
}
