import type { Id } from '../../../../shared/api/types';
import type { AccountId, ConversationKey } from '../../../../shared/accounts';
import type { AccountInfo, InboxStatus, SyncProgress } from '../../../../shared/ipc/contract';
import type { SyncHealth, UnreadTotals } from '../../../../shared/inbox';
import { idsByAccount } from '../accounts/selectors';
import { VIEWS, type InboxFilterState, type ViewId } from './inbox-filters';
import { emptyInbox, type InboxLoadState } from './slice-loading';
import type { InboxSort } from './inbox-order';
import { mainApi } from '../../main-api';

export type Screen = 'inbox' | 'visitors' | 'leads' | 'visitor';

/** The inbox: its rows, where each account stands, and the agent's place among views, screens and filters. */
export interface InboxSlice extends InboxFilterState, InboxLoadState, NavigationActions {
  /** How each account's inbox stands. */
  statuses: Record<AccountId, InboxStatus>;
  /** Of all accounts together. */
  totals: UnreadTotals;
  health: SyncHealth;
  progress: SyncProgress;
  loaded: boolean;
  view: ViewId;
  /** Search in the loaded conversations: visitor, messages read, properties, tags, assignee. */
  query: string;
  screen: Screen;
  /** The visitor shown on the visitor screen (of the directory's account), and the list the agent came from. */
  visitor: { accountId: AccountId; id: Id; from: 'visitors' | 'leads' } | null;
  /** The account the directory screens were switched to there (else the sidebar's, else the first). */
  directoryChoice: AccountId | null;
  /** Moves when the waiting order is to be sorted again (asked, or the agent came back to the inbox). */
  sortEpoch: number;
}

/** The part of the store these actions read and write. */
interface InboxStore extends InboxSlice {
  accounts: AccountInfo[];
  updateSettings(change: { inboxSort: InboxSort }): Promise<void>;
}

export interface NavigationActions {
  setView(view: ViewId): void;
  /** The inbox, on the view given. */
  showView(view: ViewId): void;
  /** Every filter and the search off: the whole view. */
  clearFilters(): void;
  setQuery(query: string): void;
  setScreen(screen: Screen): void;
  showVisitor(accountId: AccountId, id: Id, from: 'visitors' | 'leads'): void;
  /** Narrows the inbox to one channel of an account (null: every channel). */
  setChannel(channel: Id | null, accountId?: AccountId | null): void;
  /** Narrows the inbox, its views and counts to one account (null: all); the directory screens follow. */
  setAccountFilter(accountId: AccountId | null): void;
  /** The account the directory screens show. */
  setDirectoryAccount(accountId: AccountId): void;
  setUnansweredOnly(on: boolean): void;
  setAnsweredOnly(on: boolean): void;
  setDelayedOnly(on: boolean): void;
  setTagFilter(tag: string | null): void;
  /** The inbox's order, kept in main's settings. */
  setInboxSort(sort: InboxSort): void;
  /** Sorts the waiting order again, with what changed since it was sorted. */
  resort(): void;
  /** Tells main which conversations are on screen (its sweep reads them first), each connected account its own. */
  reportViewing(keys: readonly ConversationKey[]): void;
}

/** The store's slice of the inbox, with its moves between views, screens and filters. */
export function inboxSlice(set: (state: Partial<InboxStore>) => void, get: () => InboxStore): InboxSlice {
  return {
    ...emptyInbox(VIEWS, new Map()),
    statuses: {},
    totals: { all: 0, mine: 0, unassigned: 0 },
    health: 'starting',
    progress: { loaded: 0, done: false },
    loaded: false,
    view: 'open',
    query: '',
    screen: 'inbox',
    visitor: null,
    directoryChoice: null,
    sortEpoch: 0,
    channel: null,
    channelAccount: null,
    accountFilter: null,
    unansweredOnly: false,
    answeredOnly: false,
    delayedOnly: false,
    tagFilter: null,

    setView: (view) => set({ view }),
    showView: (view) => set({ view, screen: 'inbox' }),
    clearFilters: () =>
      set({
        channel: null,
        channelAccount: null,
        unansweredOnly: false,
        answeredOnly: false,
        delayedOnly: false,
        tagFilter: null,
        query: '',
      }),
    setQuery: (query) => set({ query }),
    // Coming back to the inbox sorts the waiting order again: the agent has left the list they worked down.
    setScreen: (screen) =>
      set({ screen, ...(screen === 'inbox' && get().screen !== 'inbox' ? { sortEpoch: get().sortEpoch + 1 } : {}) }),
    showVisitor: (accountId, id, from) => set({ screen: 'visitor', visitor: { accountId, id, from } }),
    setChannel: (channel, accountId = null) =>
      set({ channel, channelAccount: channel === null ? null : accountId, screen: 'inbox' }),
    setAccountFilter: (accountId) => {
      const { channelAccount } = get();
      const keepsChannel = accountId === null || channelAccount === null || channelAccount === accountId;
      set({
        accountFilter: accountId,
        directoryChoice: null,
        ...(keepsChannel ? {} : { channel: null, channelAccount: null }),
      });
    },
    setDirectoryAccount: (accountId) => set({ directoryChoice: accountId }),
    // Answered and unanswered exclude each other: choosing one clears the other.
    setUnansweredOnly: (on) => set({ unansweredOnly: on, answeredOnly: on ? false : get().answeredOnly }),
    setAnsweredOnly: (on) => set({ answeredOnly: on, unansweredOnly: on ? false : get().unansweredOnly }),
    setDelayedOnly: (on) => set({ delayedOnly: on }),
    setTagFilter: (tag) => set({ tagFilter: tag, screen: 'inbox' }),
    setInboxSort: (sort) => {
      set({ sortEpoch: get().sortEpoch + 1 });
      void get().updateSettings({ inboxSort: sort });
    },
    resort: () => set({ sortEpoch: get().sortEpoch + 1 }),
    reportViewing(keys) {
      // Each connected account hears of its own rows; one with none on screen hears an empty list.
      const { accounts, rows } = get();
      const grouped = idsByAccount(keys, rows);
      for (const account of accounts)
        if (account.status === 'connected')
          void mainApi()?.invoke('inbox:viewing', account.id, (grouped.get(account.id) ?? []).slice(0, 200));
    },
  };
}
