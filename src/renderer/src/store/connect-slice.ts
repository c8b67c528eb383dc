import { conversationKey, type AccountId } from '../../../shared/accounts';
import { isFromVisitor } from '../../../shared/inbox';
import type { AccountInfo, AccountsState, IpcResult, PerchBridge } from '../../../shared/ipc/contract';
import { addLoaded, emptyInbox, inboxMoved, isCurrentLoad, loadRest, nextLoad } from '../features/inbox/slice-loading';
import { VIEWS } from '../features/inbox/inbox-filters';
import { FIRST_SCREEN_ROWS } from '../app/first-requests';
import { fromStatuses, inboxChanges } from '../features/inbox/slice-changes';
import { adminsOf, heldOutboxItems, isRunning, splitKey } from '../features/accounts/accounts-view';
import { describeError } from '../ui/text/errors';
import { playAlertSound } from '../features/alerts/alert-sounds';
import { tn } from '../ui/i18n';
import { readHistory } from '../features/conversation/read-history';
import { mainApi, setMainApi } from '../main-api';
import type { ConnectSlice, PerchState } from './perch-state';

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new Error(describeError(result.error));
}

/** The store's slice that connects to main: the first load, main's events, and the accounts coming and going. */
export function connectSlice(set: (state: Partial<PerchState>) => void, get: () => PerchState): ConnectSlice {
  const store = { getState: get, setState: set };
  const changes = inboxChanges(store);
  /** The loading `connect` started for the current bridge. */
  let connecting: Promise<void> | null = null;

  /** Each account's outbox, read once its workspace runs (later changes arrive as events). */
  async function readOutboxes(accounts: readonly AccountInfo[]): Promise<void> {
    const bridge = mainApi();
    if (!bridge) return;
    await Promise.all(
      accounts.map(async (account) => {
        const result = await bridge.invoke('outbox:list', account.id);
        const held = get().accounts.some((a) => a.id === account.id);
        if (!result.ok || !held) return;
        const outboxes = new Map(get().outboxes).set(account.id, result.value);
        set({ outboxes, outbox: heldOutboxItems(outboxes) });
      }),
    );
  }

  /**
   * The accounts changed (one added, reconnected, refused, signed out or relabelled): what
   * belonged to an account no longer held goes; an account whose workspace now runs is read in.
   */
  function applyAccountsState(accountsState: AccountsState): void {
    const state = get();
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
    set({
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
    void loadRest(store, bridge, nextLoad(), 0, 1);
  }

  /** How every account's inbox stands, read anew (an account just started may have sent its first changes before it was held). */
  async function readStatuses(bridge: PerchBridge): Promise<void> {
    const result = await bridge.invoke('inbox:get', { offset: 0, limit: 1 });
    if (!result.ok) return;
    const { accounts, statuses } = get();
    const merged = { ...result.value.accounts, ...statuses };
    const held = Object.fromEntries(Object.entries(merged).filter(([id]) => accounts.some((a) => a.id === id)));
    set(fromStatuses(accounts, held));
  }

  return {
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
        if (offset < page.total) void loadRest(store, bridge, generation, offset, page.total, restAfter);
      } catch (error) {
        if (isCurrentLoad(generation)) set({ error: (error as Error).message });
      } finally {
        // After the first rows, or without them: the changes held meanwhile apply, in order.
        changes.release();
      }
    },

    async read(channel, ...args) {
      return (await mainApi()?.invoke(channel, ...args)) ?? null;
    },
  };
}
