import { create } from 'zustand';
import type { Id } from '../../../shared/api/types';
import { conversationKey, type AccountId, type ConversationKey } from '../../../shared/accounts';
import { isFromVisitor, type SyncHealth, type UnreadTotals } from '../../../shared/inbox';
import {
  addLoaded,
  emptyInbox,
  inboxMoved,
  isCurrentLoad,
  loadRest,
  nextLoad,
  type InboxLoadState,
} from '../features/inbox/slice-loading';
import { VIEWS, type InboxFilterState, type ViewId } from '../features/inbox/inbox-filters';
import { FIRST_SCREEN_ROWS, type FirstRequests } from '../app/first-requests';
import { fromStatuses, inboxChanges } from '../features/inbox/slice-changes';
import type {
  AccountInfo,
  InboxStatus,
  IpcResult,
  InvokeArgs,
  InvokeChannel,
  InvokeResult,
  PerchBridge,
  AccountsState,
  SyncProgress,
} from '../../../shared/ipc/contract';
import type { AgentSettings } from '../../../shared/settings';
import type { OutboxItem } from '../../../shared/outbox';
import {
  adminsOf,
  heldOutboxItems,
  isRunning,
  splitKey,
  type HeldOutboxItem,
} from '../features/accounts/accounts-view';
import {
  conversationActions,
  shownIds,
  type CloseQuestion,
  type ComposerMode,
  type ConversationActions,
  type ConversationState,
  type TakenBack,
  type Unsent,
} from '../features/conversation/slice';
import { describeError } from '../ui/text/errors';
import type { ListPlace } from '../features/inbox/list-place';
import { navigationActions, type NavigationActions } from '../features/inbox/slice';
import { accountActions, type AccountActions } from '../features/accounts/slice';
import { overlayActions, type OverlayActions, type SheetName } from './overlay-slice';
import { playAlertSound } from '../features/alerts/alert-sounds';
import { tn } from '../ui/i18n';
import { SearchMemory } from '../features/inbox/search-memory';
import { readHistory } from '../features/conversation/read-history';
import { searchActions, type SearchActions } from '../features/inbox/slice-search';
import { mainApi, setMainApi } from '../main-api';
import { visitorActions, type VisitorActions } from '../features/visitor/slice';

import type { Screen } from '../features/inbox/slice';

export type { ConversationState, Screen, SheetName };

export interface PerchState
  extends
    InboxFilterState,
    InboxLoadState,
    AccountActions,
    NavigationActions,
    ConversationActions,
    OverlayActions,
    SearchActions,
    VisitorActions {
  accountsState: AccountsState | null;
  /** Every account Perch holds, in its order (the demo last). */
  accounts: AccountInfo[];
  /** Whom "Mine" means in each account. */
  admins: ReadonlyMap<AccountId, Id>;
  /** The account the directory screens were switched to there (else the sidebar's, else the first). */
  directoryChoice: AccountId | null;
  /** The sheet open over the workspace (first run shows the connect screen by itself, without one). */
  sheet: SheetName | null;
  /** The account the connect screen reconnects (its address filled in), or null to add one. */
  connectFor: AccountInfo | null;
  /** A passing message that is not an error (e.g. connected with fewer scopes). */
  notice: string | null;
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
  /** What Perch has read of conversations and visitors beyond their rows, for the search. */
  searchMemory: SearchMemory;
  /** Moves when the search memory learns something. */
  searchMemoryVersion: number;
  /** Moves when the waiting order is to be sorted again (asked, or the agent came back to the inbox). */
  sortEpoch: number;
  screen: Screen;
  /** The visitor shown on the visitor screen (of the directory's account), and the list the agent came from. */
  visitor: { accountId: AccountId; id: Id; from: 'visitors' | 'leads' } | null;
  conversation: ConversationState | null;
  /** What the open conversation's composer writes: R and N set it (each conversation opens on a reply). */
  composerMode: ComposerMode;
  /** Where the open conversation last stood in the list on screen: E goes on from there once it has left. */
  listPlace: ListPlace | null;
  /** What the open conversation's composer holds unsent (a reply, a note): closing it asks first. */
  unsent: Unsent | null;
  /** A reply or note Undo send took back, for its conversation's composer to hold again. */
  takenBack: TakenBack | null;
  /** "Close without sending?" on screen, for this conversation. */
  closing: CloseQuestion | null;
  /** Each account's writes not yet confirmed by the server, and those that failed for good. */
  outboxes: ReadonlyMap<AccountId, OutboxItem[]>;
  /** All of them, each with its account. */
  outbox: HeldOutboxItem[];
  /** The visitor typing, by conversation key: what they typed so far and when. */
  typing: Map<ConversationKey, { body: string; at: number }>;
  /** The agent's settings as main keeps them; null until first read. */
  settings: AgentSettings | null;
  sendError: string | null;
  error: string | null;

  /**
   * Listens to main and loads the first screen, taking the answers to requests already sent if
   * given; the rest of the rows are asked for once `firstScreenShown` settles, if given.
   */
  connect(bridge: PerchBridge, first?: FirstRequests, firstScreenShown?: Promise<void>): Promise<void>;
  /**
   * Reads everything of every account anew (at start), from the given first rows if already
   * asked for; the rows after them once `restAfter` settles, if given.
   */
  load(firstRows?: FirstRequests['firstRows'], restAfter?: Promise<void>): Promise<void>;
  /** Reads one contract channel for a screen's own data (`useInvoke`); null before the store has connected. */
  read<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<IpcResult<InvokeResult<C>> | null>;
}

export { shownIds };
export { myAdminId } from '../features/accounts/accounts-view';

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new Error(describeError(result.error));
}

/** Opens the store on main's contract at start (`connect`), before the app mounts. */
export function connectStore(
  bridge: PerchBridge,
  first?: FirstRequests,
  firstScreenShown?: Promise<void>,
): Promise<void> {
  return usePerch.getState().connect(bridge, first, firstScreenShown);
}

/** The loading `connect` started for the current bridge. */
let connecting: Promise<void> | null = null;

export const usePerch = create<PerchState>()((set, get) => ({
  accountsState: null,
  accounts: [],
  admins: new Map(),
  directoryChoice: null,
  sheet: null,
  connectFor: null,
  notice: null,
  ...emptyInbox(VIEWS, new Map()),
  statuses: {},
  totals: { all: 0, mine: 0, unassigned: 0 },
  health: 'starting',
  progress: { loaded: 0, done: false },
  loaded: false,
  view: 'open',
  query: '',
  searchMemory: new SearchMemory(),
  searchMemoryVersion: 0,
  sortEpoch: 0,
  screen: 'inbox',
  visitor: null,
  channel: null,
  channelAccount: null,
  accountFilter: null,
  unansweredOnly: false,
  answeredOnly: false,
  delayedOnly: false,
  tagFilter: null,
  conversation: null,
  composerMode: 'reply',
  listPlace: null,
  unsent: null,
  takenBack: null,
  closing: null,
  outboxes: new Map(),
  outbox: [],
  typing: new Map(),
  settings: null,
  sendError: null,
  error: null,

  connect(bridge, first, firstScreenShown) {
    // Called before the app mounts and again by the app: the same loading, once.
    if (mainApi() === bridge && connecting) return connecting;
    setMainApi(bridge);
    bridge.on('inbox:changed', (event) => changes.receive(event));
    bridge.on('conversation:parts', ({ accountId, value: { conversationId, parts } }) => {
      get().searchAgain();
      const current = get().conversation;
      if (!current || current.key !== conversationKey(accountId, conversationId)) return;
      const known = new Set(current.parts.map((p) => p.id));
      const fresh = parts.filter((p) => !known.has(p.id));
      if (fresh.length) set({ conversation: { ...current, parts: [...current.parts, ...fresh] } });
    });
    bridge.on('conversation:navigate', ({ accountId, value }) => {
      // A notification of another account than the one shown: the inbox shows all again, so its row is there.
      const filter = get().accountFilter;
      if (filter !== null && filter !== accountId) get().setAccountFilter(null);
      void get().open(accountId, value.conversationId);
    });
    bridge.on('outbox:changed', ({ accountId, value }) => {
      if (!get().accounts.some((a) => a.id === accountId)) return;
      const outboxes = new Map(get().outboxes).set(accountId, value);
      set({ outboxes, outbox: heldOutboxItems(outboxes) });
    });
    bridge.on('conversation:typing', ({ accountId, value: event }) => {
      if (event.from !== 'user') return;
      const key = conversationKey(accountId, event.conversationId);
      set({ typing: new Map(get().typing).set(key, { body: event.body, at: Date.now() }) });
    });
    bridge.on('conversation:parts', ({ accountId, value: { conversationId, parts } }) => {
      // A visitor message ends the visitor's typing.
      const key = conversationKey(accountId, conversationId);
      if (parts.some(isFromVisitor) && get().typing.has(key)) {
        const typing = new Map(get().typing);
        typing.delete(key);
        set({ typing });
      }
    });
    bridge.on('settings:changed', (settings) => set({ settings }));
    bridge.on('alerts:sound', ({ sound, volume, waiting }) => {
      playAlertSound(sound, volume);
      // The escalation's shared repeat says what it is for, on screen and to a screen reader.
      if (waiting !== undefined) get().showNotice(tn('alerts.visitorsWaiting', waiting));
    });
    bridge.on('account:changed', (accountsState) => applyAccountsState(accountsState));
    // Both at once: the first screen of rows waits for neither.
    connecting = Promise.all([
      get().loadSettings(first?.settings),
      get().load(first?.firstRows, firstScreenShown),
    ]).then(() => undefined);
    return connecting;
  },

  async load(firstRows, restAfter) {
    const bridge = mainApi();
    if (!bridge) return;
    const generation = nextLoad();
    changes.hold();
    const fresh = emptyInbox(VIEWS, get().admins);
    const { inbox } = fresh;
    set({
      ...fresh,
      conversation: null,
      typing: new Map(),
      loaded: false,
      progress: { loaded: 0, done: false },
    });
    try {
      // The first screen of rows, with the size of every view, comes before the rest. Main
      // sends its events once `app:ready` is said, so from here on no change goes unheard.
      const [ready, first] = await Promise.all([
        bridge.invoke('app:ready'),
        firstRows ?? bridge.invoke('inbox:get', { offset: 0, limit: FIRST_SCREEN_ROWS }),
      ]);
      if (!isCurrentLoad(generation)) return;
      const accountsState = unwrap(ready);
      const page = unwrap(first);
      const admins = adminsOf(accountsState.accounts);
      inbox.setAdmins(admins);
      addLoaded(inbox, page.rows);
      const offset = page.rows.length;
      const standing = fromStatuses(accountsState.accounts, page.accounts);
      set({
        ...inboxMoved(get()),
        accountsState,
        accounts: accountsState.accounts,
        admins,
        ...standing,
        loaded: standing.progress.done,
        pendingSizes: offset < page.total ? page.sizes : null,
      });
      void readOutboxes(accountsState.accounts.filter(isRunning));
      // The rest follows in the background: the workspace is usable from the first screen on.
      if (offset < page.total) void loadRest(usePerch, bridge, generation, offset, page.total, restAfter);
    } catch (error) {
      if (isCurrentLoad(generation)) set({ error: (error as Error).message });
    } finally {
      // After the first rows, or without them: the changes held meanwhile apply, in order.
      changes.release();
    }
  },

  ...accountActions(set, get),

  ...navigationActions(set, get),

  ...conversationActions(set, get),

  ...overlayActions(set, get),
  ...searchActions(set, get),
  ...visitorActions(get),

  async read(channel, ...args) {
    return (await mainApi()?.invoke(channel, ...args)) ?? null;
  },
}));

const changes = inboxChanges(usePerch);

// What the open conversation shows, once read without trouble, is held for when the server cannot give it again.
usePerch.subscribe(({ conversation }, previous) => {
  if (conversation && conversation !== previous.conversation && !conversation.loading && !conversation.error)
    readHistory.keep(conversation.key, conversation);
});

// Whatever changed the search (typing, a filter cleared), main is asked what Perch has read of it.
usePerch.subscribe((state, before) => {
  if (state.query !== before.query) void state.searchRead(state.query);
});

/** Each account's outbox, read once its workspace runs (later changes arrive as events). */
async function readOutboxes(accounts: readonly AccountInfo[]): Promise<void> {
  const bridge = mainApi();
  if (!bridge) return;
  await Promise.all(
    accounts.map(async (account) => {
      const result = await bridge.invoke('outbox:list', account.id);
      const held = usePerch.getState().accounts.some((a) => a.id === account.id);
      if (!result.ok || !held) return;
      const outboxes = new Map(usePerch.getState().outboxes).set(account.id, result.value);
      usePerch.setState({ outboxes, outbox: heldOutboxItems(outboxes) });
    }),
  );
}

/**
 * The accounts changed (one added, reconnected, refused, signed out or relabelled): what
 * belonged to an account no longer held goes; an account whose workspace now runs is read in.
 */
function applyAccountsState(accountsState: AccountsState): void {
  const state = usePerch.getState();
  const before = new Map(state.accounts.map((a) => [a.id, a]));
  const held = new Set(accountsState.accounts.map((a) => a.id));
  const started = accountsState.accounts.filter(
    (a) => isRunning(a) && !(before.get(a.id) && isRunning(before.get(a.id)!)),
  );
  const admins = adminsOf(accountsState.accounts);
  state.inbox.setAdmins(admins);
  state.inbox.keepAccounts(held);
  readHistory.keepAccounts(held);
  const statuses = Object.fromEntries(Object.entries(state.statuses).filter(([id]) => held.has(id)));
  const outboxes = new Map([...state.outboxes].filter(([id]) => held.has(id)));
  const typing = new Map([...state.typing].filter(([key]) => held.has(splitKey(key).accountId)));
  const keep = (id: AccountId | null) => (id !== null && held.has(id) ? id : null);
  usePerch.setState({
    accountsState,
    accounts: accountsState.accounts,
    admins,
    ...inboxMoved(state),
    ...fromStatuses(accountsState.accounts, statuses),
    outboxes,
    outbox: heldOutboxItems(outboxes),
    typing,
    accountFilter: keep(state.accountFilter),
    directoryChoice: keep(state.directoryChoice),
    ...(state.channelAccount !== null && !held.has(state.channelAccount)
      ? { channel: null, channelAccount: null }
      : {}),
    ...(state.conversation && !held.has(state.conversation.accountId) ? { conversation: null } : {}),
  });
  // Before the first load has answered, that load reads everything.
  const bridge = mainApi();
  if (started.length === 0 || state.accountsState === null || !bridge) return;
  void readOutboxes(started);
  void readStatuses(bridge);
  // The merged inbox is read again from the top: the new account's rows join in their places.
  void loadRest(usePerch, bridge, nextLoad(), 0, 1);
}

/** How every account's inbox stands, read anew (an account just started may have sent its first changes before it was held). */
async function readStatuses(bridge: PerchBridge): Promise<void> {
  const result = await bridge.invoke('inbox:get', { offset: 0, limit: 1 });
  if (!result.ok) return;
  const { accounts, statuses } = usePerch.getState();
  const merged = { ...result.value.accounts, ...statuses };
  const held = Object.fromEntries(Object.entries(merged).filter(([id]) => accounts.some((a) => a.id === id)));
  usePerch.setState(fromStatuses(accounts, held));
}
