import { conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import type { InboxRow, SyncHealth, UnreadTotals } from '../../../../shared/inbox';
import type {
  AccountEvent,
  AccountInfo,
  InboxChange,
  InboxStatus,
  SyncProgress,
} from '../../../../shared/ipc/contract';
import { summarizeAccounts } from '../../../../shared/accounts-summary';
import { inboxStatusOf } from '../../../../shared/inbox-status';
import { overallProgress } from '../accounts/selectors';
import { inboxMoved, type InboxLoadState } from './slice-loading';

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

/** Every account's standing, and that of all together (as the tray shows it), from each account's status. */
export const fromStatuses = (accounts: readonly AccountInfo[], statuses: Record<AccountId, InboxStatus>) => {
  const progress = overallProgress(statuses);
  return { statuses, ...summarizeAccounts(accounts, statuses), progress };
};

/** An account's changes held while the first rows are on their way, folded into one. */
interface HeldChange {
  upserted: Map<InboxRow['id'], InboxRow>;
  removed: Set<InboxRow['id']>;
  last: InboxChange;
}

/**
 * Applies main's inbox changes to the store, holding those that arrive while the first rows
 * are on their way. Each change carries whole rows and main sends them in order from the
 * window's start, so the held changes of an account fold into one (each row as main last sent
 * it, the latest counts), applied after the first rows: memory stays bounded by the inbox,
 * however long the start-up sync ran before the page listened.
 */
export function inboxChanges(store: ChangingStore) {
  const held = new Map<AccountId, HeldChange>();
  let holds = 0;

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
      [accountId]: inboxStatusOf(change),
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

  const keep = ({ accountId, value: change }: AccountEvent<InboxChange>) => {
    let folded = held.get(accountId);
    if (!folded) held.set(accountId, (folded = { upserted: new Map(), removed: new Set(), last: change }));
    for (const row of change.upserted) {
      folded.upserted.set(row.id, row);
      folded.removed.delete(row.id);
    }
    for (const id of change.removed) {
      folded.upserted.delete(id);
      folded.removed.add(id);
    }
    folded.last = change;
  };

  return {
    receive(event: AccountEvent<InboxChange>): void {
      if (holds > 0) keep(event);
      else apply(event);
    },
    /** Until as many `release`s, changes wait: first rows are on their way. */
    hold(): void {
      holds++;
    },
    /** A load ended (with its rows, without, or overtaken by another): once none is left, the held changes apply. */
    release(): void {
      holds = Math.max(0, holds - 1);
      if (holds > 0) return;
      const waiting = [...held];
      held.clear();
      for (const [accountId, { upserted, removed, last }] of waiting)
        apply({ accountId, value: { ...last, upserted: [...upserted.values()], removed: [...removed] } });
    },
  };
}
