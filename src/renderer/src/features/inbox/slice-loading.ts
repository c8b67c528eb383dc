import type { Id } from '../../../../shared/api/types';
import { conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import type { ViewSizes } from '../../../../shared/inbox';
import type { AccountRow, PerchBridge } from '../../../../shared/ipc/contract';
import { describeError } from '../../ui/text/errors';
import type { ViewId } from './inbox-filters';
import { InboxIndex } from './inbox-index';

/** Loading the inbox into the store: the first screen first, then the rest in chunks. */

/** The part of the store's state the loading fills. */
export interface InboxLoadState {
  /**
   * The inbox, changed in place as events arrive (see InboxIndex): `rows` and `order` are its
   * Map and its array, and `inboxVersion` moves with every change so the screen follows.
   */
  inbox: InboxIndex;
  rows: Map<ConversationKey, AccountRow>;
  /** Conversation keys (account and ID) newest first. */
  order: ConversationKey[];
  inboxVersion: number;
  /** Conversations with unread messages in each of VIEWS. */
  unreadCounts: readonly number[];
  /**
   * Moves when a frozen waiting order must be sorted again: rows still arriving from the first
   * load are not newcomers to put at the end, so each chunk sorts the list anew.
   */
  sortEpoch: number;
  /** While the rows after the first screen are still arriving: how many each view will hold. */
  pendingSizes: ViewSizes | null;
}

/** The store as the loading sees it; a failed chunk sets the store's error. */
interface LoadingStore {
  getState(): InboxLoadState;
  setState(partial: Partial<InboxLoadState> & { error?: string }): void;
}

/** The rest comes in chunks this big, each applied between frames so input stays answered. */
const CHUNK_ROWS = 1000;

/** A row read with the snapshot never replaces a newer one an event already brought. */
export function addLoaded(inbox: InboxIndex, rows: AccountRow[]): void {
  for (const row of rows) {
    const known = inbox.rows.get(conversationKey(row.accountId, row.id));
    if (!known || known.lastUpdate <= row.lastUpdate) inbox.upsert(row);
  }
}

/** What the screen reads after the inbox changed in place. */
export const inboxMoved = (state: Pick<InboxLoadState, 'inbox' | 'inboxVersion'>) => ({
  inboxVersion: state.inboxVersion + 1,
  unreadCounts: state.inbox.unreadCounts,
});

/** A new inbox counting unread conversations for these views (the sidebar's, in its order). */
export function emptyInbox(views: readonly ViewId[], admins: ReadonlyMap<AccountId, Id>) {
  const inbox = new InboxIndex(views, admins);
  return {
    inbox,
    rows: inbox.rows,
    order: inbox.order,
    inboxVersion: 0,
    unreadCounts: inbox.unreadCounts,
    pendingSizes: null,
  };
}

/** Each load of a workspace; a later one ends the chunks of an earlier one. */
let loadGeneration = 0;
export const nextLoad = () => ++loadGeneration;
export const isCurrentLoad = (generation: number) => generation === loadGeneration;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The rows after the first screen, in chunks, each after the screen had its turn to paint and
 * answer input. The first chunk waits for `startAfter` (the first screen on screen): parsing a
 * thousand rows and main's serializing them would otherwise compete with the first paint.
 */
export async function loadRest(
  store: LoadingStore,
  bridge: PerchBridge,
  generation: number,
  offset: number,
  total: number,
  startAfter?: Promise<void>,
): Promise<void> {
  try {
    await startAfter;
    if (!isCurrentLoad(generation)) return;
    while (offset < total) {
      await nextTask();
      const chunk = await bridge.invoke('inbox:get', { offset, limit: CHUNK_ROWS });
      if (!isCurrentLoad(generation)) return;
      if (!chunk.ok) throw new Error(describeError(chunk.error));
      const state = store.getState();
      addLoaded(state.inbox, chunk.value.rows);
      offset = chunk.value.rows.length > 0 ? offset + chunk.value.rows.length : chunk.value.total;
      total = chunk.value.total;
      store.setState({
        ...inboxMoved(state),
        pendingSizes: offset < total ? chunk.value.sizes : null,
        sortEpoch: state.sortEpoch + 1,
      });
    }
  } catch (error) {
    if (isCurrentLoad(generation)) store.setState({ error: (error as Error).message, pendingSizes: null });
  }
}
