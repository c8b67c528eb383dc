import type { Id, QuickReplyAction } from '../../../../shared/api/types';
import type { AttachmentDraft } from '../../../../shared/attachments';
import { conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import type { AccountInfo, IpcResult } from '../../../../shared/ipc/contract';
import type { VisitorProfile } from '../../../../shared/directory';
import type { AgentSettings } from '../../../../shared/settings';
import type { OutboxItem } from '../../../../shared/outbox';
import { idsByAccount, isRunning, type HeldOutboxItem } from '../accounts/selectors';
import { describeError } from '../../ui/text/errors';
import {
  shownIds,
  type InboxFilterState,
  type ViewId,
  inboxMoved,
  type InboxLoadState,
  type SearchMemory,
  neighbourOf,
  samePlace,
  type ListPlace,
  type Screen,
} from '../inbox/selectors';
import { heldWrites, tooLateMessage } from './held-writes';
import { t } from '../../ui/i18n';
import { readHistory } from './read-history';
import { mainApi } from '../../main-api';
import type { CloseQuestion, ComposerMode, ConversationState, TakenBack, Unsent } from './conversation-state';

export type { CloseQuestion, ComposerMode, ConversationState, TakenBack, Unsent };

const hasUnsent = (unsent: Unsent | null, key: ConversationKey) => unsent?.key === key && (unsent.reply || unsent.note);

/** The open conversation, what its composer holds, and the writes on their way. */
export interface ConversationSlice extends ConversationActions {
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
  sendError: string | null;
}

/** The part of the store these actions read and write. */
interface ConversationStore extends InboxFilterState, InboxLoadState, ConversationSlice {
  accounts: AccountInfo[];
  admins: ReadonlyMap<AccountId, Id>;
  view: ViewId;
  query: string;
  screen: Screen;
  error: string | null;
  notice: string | null;
  settings: AgentSettings | null;
  /** What Perch has read of conversations and visitors beyond their rows, for the search. */
  searchMemory: SearchMemory;
  /** Moves when the search memory learns something: a search's results may change. */
  searchMemoryVersion: number;
  /** Perch read more (main keeps it): the search typed now is asked again. */
  searchAgain(): void;
  /** Moves when the agent asks the waiting order to be sorted again. */
  sortEpoch: number;
}

/** What the agent does to conversations: each call goes through that conversation's own account. */
export interface ConversationActions {
  open(accountId: AccountId, id: Id): Promise<void>;
  /** Opens a conversation from another screen or a notice: the inbox shows, with it open. */
  openInInbox(accountId: AccountId, id: Id): Promise<void>;
  /** Opens the conversation a key names (a row of the list). */
  openKey(key: ConversationKey): Promise<void>;
  assign(adminId: Id | null): Promise<void>;
  /** Closes the open conversation; with a reply or note unsent there, asks first (answerClose). */
  close(): Promise<void>;
  /**
   * Closes the open conversation and opens the next one of the list (E): working down a queue.
   * A conversation that has left the list meanwhile goes on to the neighbour it had there.
   * With a reply or note unsent there, asks first.
   */
  closeAndNext(): Promise<void>;
  /** The agent's answer to "Close without sending?": close (and go on, if asked so), or keep it open. */
  answerClose(close: boolean): Promise<void>;
  /**
   * Takes back a write still in its undo window (a close, an assign away, a tag removed: main
   * holds it), and opens that conversation again if the agent has moved on.
   */
  undoWrite(item: HeldOutboxItem): Promise<void>;
  /** There is no admin reopen in the API: says so, and what does reopen. */
  explainReopen(): void;
  /** Counts conversations as read without opening them (the open one by default), each through its account. */
  markRead(keys?: ConversationKey[]): Promise<void>;
  tag(tag: string, op: 'add' | 'delete'): Promise<void>;
  retry(item: HeldOutboxItem): Promise<void>;
  discard(item: HeldOutboxItem): Promise<void>;
  setTyping(text: string): void;
  /** Queues a reply or a note to the open conversation; false (and `sendError` said) if main refused it. */
  send(body: string, kind: ComposerMode, actions?: QuickReplyAction[], attachment?: AttachmentDraft): Promise<boolean>;
  /** The composer of `key` holds again what Undo send took back (it calls this once it has). */
  clearTakenBack(): void;
  /** Why what the agent wrote could not be sent (a file that could not be read). */
  showSendError(message: string): void;
  setComposerMode(mode: ComposerMode): void;
  /** What the composer of a conversation holds unsent; null once it holds nothing or has gone. */
  reportUnsent(key: ConversationKey, unsent: Omit<Unsent, 'key'> | null): void;
  /** Where the open conversation stands in the list on screen (kept by the list while it is there). */
  rememberListPlace(place: ListPlace): void;
  /** Opens the next (+1) or previous (-1) conversation of the current list. */
  step(direction: 1 | -1): void;
  loadOlder(): Promise<void>;
  /** Opens a link of a message in the browser, through the open conversation's account (main checks it). */
  openLink(url: string): void;
  /** Keeps what a visitor's profile says, so the search finds their conversations by it. */
  rememberVisitor(accountId: AccountId, profile: VisitorProfile): void;
}

/** The store's slice of the open conversation and the agent's writes. */
export function conversationSlice(
  set: (state: Partial<ConversationStore>) => void,
  get: () => ConversationStore,
): ConversationSlice {
  /** Shows a failed call to the agent; success needs no word, the events update the screen. */
  const report = async (call: Promise<IpcResult<unknown>>): Promise<void> => {
    const result = await call;
    if (!result.ok) set({ error: describeError(result.error) });
  };

  /** Main already holds (or is sending) a close of the open conversation: a second one would only fail. */
  const closeQueued = () => {
    const { outbox, conversation: open } = get();
    return outbox.some(
      (item) =>
        item.accountId === open?.accountId &&
        item.action.kind === 'close' &&
        item.action.conversationId === open.id &&
        item.state !== 'failed',
    );
  };

  /** Main holds the close a few seconds with Undo before it sends it. */
  const closeNow = async () => {
    const bridge = mainApi();
    const { conversation } = get();
    if (bridge && conversation && !closeQueued())
      await report(bridge.invoke('conversation:close', conversation.accountId, conversation.id));
  };

  const closeAndGoOn = async () => {
    const state = get();
    const current = state.conversation;
    if (!current) return;
    // The next one is chosen before closing: the closed conversation then leaves the list. One
    // whose own close still waits with Undo is passed over: it is on its way out too.
    const closing = new Set(
      heldWrites(state.outbox, Date.now())
        .filter((item) => item.action.kind === 'close')
        .map((item) => conversationKey(item.accountId, item.action.conversationId)),
    );
    const keys = shownIds(state).filter((key) => key === current.key || !closing.has(key));
    const next = neighbourOf(keys, current.key, state.listPlace);
    await closeNow();
    if (next !== undefined && get().conversation?.key === current.key) void get().openKey(next);
  };

  return {
    conversation: null,
    composerMode: 'reply',
    listPlace: null,
    unsent: null,
    takenBack: null,
    closing: null,
    outboxes: new Map(),
    outbox: [],
    typing: new Map(),
    sendError: null,

    async open(accountId, id) {
      const bridge = mainApi();
      if (!bridge) return;
      const key = conversationKey(accountId, id);
      const opening = { accountId, id, key };
      // What Perch read of it before shows at once, while the server is asked again.
      const held = readHistory.get(key);
      set({
        conversation: { ...opening, parts: held ? [...held.parts] : [], loading: true, error: null, hasOlder: false },
        ...(get().conversation?.key === key ? {} : { composerMode: 'reply' as const }),
        sendError: null,
      });
      const result = await bridge.invoke('conversation:open', accountId, id);
      if (get().conversation?.key !== key) return;
      if (result.ok) {
        get().searchAgain();
        // The account may have gone while the conversation was on its way.
        if (get().accounts.some((a) => a.id === accountId)) get().inbox.upsert({ ...result.value.row, accountId });
        set({
          ...inboxMoved(get()),
          conversation: {
            ...opening,
            parts: result.value.parts,
            loading: false,
            error: null,
            hasOlder: result.value.hasOlder,
          },
        });
      } else if (result.error.code === 'not-found') {
        readHistory.forget(key);
        const error = t('conversation.missing');
        set({ conversation: { ...opening, parts: [], loading: false, error, missing: true, hasOlder: false } });
      } else {
        // The server cannot give it now: what Perch read before stays on screen, said to be unrefreshed.
        const reason = describeError(result.error);
        const error = held ? t('conversation.notRefreshed', { reason }) : reason;
        set({
          conversation: { ...opening, parts: held ? [...held.parts] : [], loading: false, error, hasOlder: false },
        });
      }
    },

    async openInInbox(accountId, id) {
      set({ screen: 'inbox' });
      const open = get().conversation;
      if (open?.accountId !== accountId || open.id !== id) await get().open(accountId, id);
    },

    async openKey(key) {
      const row = get().rows.get(key);
      if (row) await get().open(row.accountId, row.id);
    },

    async assign(adminId) {
      const bridge = mainApi();
      const { conversation } = get();
      if (bridge && conversation)
        await report(bridge.invoke('conversation:assign', conversation.accountId, conversation.id, adminId));
    },

    async close() {
      const current = get().conversation;
      if (current && hasUnsent(get().unsent, current.key)) set({ closing: { key: current.key, andNext: false } });
      else await closeNow();
    },

    async closeAndNext() {
      const state = get();
      const current = state.conversation;
      if (!current || state.rows.get(current.key)?.closed) return;
      if (hasUnsent(state.unsent, current.key)) set({ closing: { key: current.key, andNext: true } });
      else await closeAndGoOn();
    },

    async answerClose(close) {
      const asked = get().closing;
      set({ closing: null });
      // Only for the conversation it was asked about, still open on screen.
      if (!close || !asked || get().conversation?.key !== asked.key) return;
      await (asked.andNext ? closeAndGoOn() : closeNow());
    },

    async undoWrite(item) {
      const bridge = mainApi();
      if (!bridge) return;
      const result = await bridge.invoke('outbox:undo', item.accountId, item.id);
      if (!result.ok) set({ error: describeError(result.error) });
      else if (!result.value) set({ error: tooLateMessage(item) });
      else {
        const key = conversationKey(item.accountId, item.action.conversationId);
        // Undo send: the text goes back into the composer it came from.
        if (item.action.kind === 'reply' && item.action.body)
          set({ takenBack: { key, kind: item.action.note ? 'note' : 'reply', body: item.action.body } });
        if (get().conversation?.key !== key) await get().open(item.accountId, item.action.conversationId);
      }
    },

    explainReopen() {
      set({ notice: t('conversation.reopenExplained') });
    },

    async markRead(keys) {
      const bridge = mainApi();
      const { conversation, rows } = get();
      if (!bridge) return;
      const grouped = keys
        ? idsByAccount(keys, rows)
        : new Map(conversation ? [[conversation.accountId, [conversation.id]]] : []);
      await Promise.all(
        [...grouped].map(([accountId, ids]) => report(bridge.invoke('conversation:mark-read', accountId, ids))),
      );
    },

    async tag(tag, op) {
      const bridge = mainApi();
      const { conversation } = get();
      if (bridge && conversation && tag.trim())
        await report(bridge.invoke('conversation:tag', conversation.accountId, conversation.id, tag, op));
    },

    setTyping(text) {
      const bridge = mainApi();
      const { conversation } = get();
      if (bridge && conversation)
        void bridge.invoke('conversation:set-typing', conversation.accountId, conversation.id, text.slice(0, 20000));
    },

    async send(body, kind, actions, attachment) {
      const bridge = mainApi();
      const { conversation } = get();
      if (!bridge || !conversation || (!body.trim() && !attachment)) return false;
      set({ sendError: null });
      // Queued in the account's outbox, which owns delivery from here: the composer can clear at once.
      const result = await bridge.invoke('conversation:reply', conversation.accountId, {
        conversationId: conversation.id,
        body,
        kind,
        ...(kind === 'reply' && actions?.length ? { actions } : {}),
        ...(attachment ? { attachment } : {}),
      });
      if (!result.ok) set({ sendError: describeError(result.error) });
      return result.ok;
    },

    showSendError: (message) => set({ sendError: message }),

    clearTakenBack: () => set({ takenBack: null }),

    setComposerMode: (mode) => set({ composerMode: mode }),

    reportUnsent(key, unsent) {
      if (unsent) set({ unsent: { key, ...unsent } });
      else if (get().unsent?.key === key) set({ unsent: null });
    },

    rememberListPlace(place) {
      if (!samePlace(place, get().listPlace)) set({ listPlace: place });
    },

    async loadOlder() {
      const bridge = mainApi();
      const { conversation } = get();
      const first = conversation?.parts[0];
      if (!bridge || !conversation || !first || !conversation.hasOlder) return;
      const result = await bridge.invoke('conversation:older', conversation.accountId, conversation.id, first.id);
      const current = get().conversation;
      if (!result.ok) return;
      get().searchAgain();
      if (current?.key !== conversation.key) return;
      const known = new Set(current.parts.map((p) => p.id));
      set({
        conversation: {
          ...current,
          parts: [...result.value.parts.filter((p) => !known.has(p.id)), ...current.parts],
          hasOlder: result.value.hasOlder,
        },
      });
    },

    step(direction) {
      const state = get();
      const keys = shownIds(state);
      if (keys.length === 0) return;
      const at = state.conversation ? keys.indexOf(state.conversation.key) : -1;
      const next = keys[Math.min(keys.length - 1, Math.max(0, at === -1 ? 0 : at + direction))];
      if (next !== undefined && next !== state.conversation?.key) void state.openKey(next);
    },

    rememberVisitor(accountId, profile) {
      if (get().searchMemory.rememberVisitor(accountId, profile))
        set({ searchMemoryVersion: get().searchMemoryVersion + 1 });
    },

    openLink(url) {
      const bridge = mainApi();
      const { conversation, accounts } = get();
      const accountId = conversation?.accountId ?? accounts.find(isRunning)?.id;
      if (bridge && accountId !== undefined) void bridge.invoke('link:open', accountId, url);
    },

    async retry(item) {
      const bridge = mainApi();
      if (bridge) await report(bridge.invoke('outbox:retry', item.accountId, item.id));
    },

    async discard(item) {
      const bridge = mainApi();
      if (bridge) await report(bridge.invoke('outbox:discard', item.accountId, item.id));
    },
  };
}
