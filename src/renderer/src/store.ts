import { create } from 'zustand';
import type { ConversationPart, Id, QuickReplyAction } from '../../shared/api/types';
import type { SyncHealth, UnreadTotals } from '../../shared/inbox';
import {
  addLoaded,
  emptyInbox,
  FIRST_SCREEN_ROWS,
  inboxMoved,
  isCurrentLoad,
  loadRest,
  nextLoad,
  type InboxLoadState,
} from './inbox-loading';
import { filtersOf, VIEWS, visibleIds, type InboxFilterState, type ViewId } from './inbox-filters';
import type { AccountInfo, IpcResult, PerchBridge, SessionState, SyncProgress } from '../../shared/ipc/contract';
import type { AttachmentDraft } from '../../shared/attachments';
import type { AgentSettings } from '../../shared/settings';
import type { OutboxItem } from '../../shared/outbox';
import { describeError } from './errors';
import { navigationActions, type NavigationActions } from './navigation-actions';
import { sessionActions, type SessionActions } from './session-actions';
import { t } from './i18n';

import type { Screen } from './navigation-actions';

export type { Screen };

export interface ConversationState {
  id: Id;
  parts: ConversationPart[];
  loading: boolean;
  error: string | null;
  hasOlder: boolean;
}

export interface PerchState extends InboxFilterState, InboxLoadState, SessionActions, NavigationActions {
  bridge: PerchBridge | null;
  session: SessionState | null;
  account: AccountInfo | null;
  /** The connect screen is open over the workspace (first run shows it by itself). */
  connectOpen: boolean;
  /** A passing message that is not an error (e.g. connected with fewer scopes). */
  notice: string | null;
  totals: UnreadTotals;
  health: SyncHealth;
  progress: SyncProgress;
  loaded: boolean;
  view: ViewId;
  /** Search in the loaded conversations: visitor, preview, tags, assignee. */
  query: string;
  screen: Screen;
  /** The visitor shown on the visitor screen, and the list the agent came from. */
  visitor: { id: Id; from: 'visitors' | 'leads' } | null;
  conversation: ConversationState | null;
  /** Writes not yet confirmed by the server, and those that failed for good. */
  outbox: OutboxItem[];
  /** The visitor typing, by conversation: what they typed so far and when. */
  typing: Map<Id, { body: string; at: number }>;
  helpOpen: boolean;
  /** The command palette (Ctrl+K) is open. */
  paletteOpen: boolean;
  settingsOpen: boolean;
  /** The agent's settings as main keeps them; null until first read. */
  settings: AgentSettings | null;
  sendError: string | null;
  error: string | null;

  connect(bridge: PerchBridge): Promise<void>;
  /** Reads everything of the current workspace anew (at start and after a switch). */
  load(): Promise<void>;
  open(id: Id): Promise<void>;
  send(
    body: string,
    kind: 'reply' | 'note',
    actions?: QuickReplyAction[],
    attachment?: AttachmentDraft,
  ): Promise<boolean>;
  assign(adminId: Id | null): Promise<void>;
  close(): Promise<void>;
  /** Closes the open conversation and opens the next one of the list (E): working down a queue. */
  closeAndNext(): Promise<void>;
  /** There is no admin reopen in the API: says so, and what does reopen. */
  explainReopen(): void;
  /** Counts conversations as read without opening them (the open one by default). */
  markRead(ids?: Id[]): Promise<void>;
  tag(tag: string, op: 'add' | 'delete'): Promise<void>;
  retry(itemId: string): Promise<void>;
  discard(itemId: string): Promise<void>;
  setTyping(text: string): void;
  setHelpOpen(open: boolean): void;
  /** Opens the next (+1) or previous (-1) conversation of the current list. */
  step(direction: 1 | -1): void;
  loadOlder(): Promise<void>;
}

/** The conversations the inbox list shows now, in its order: its view, search and filters. */
export function shownIds(state: PerchState): Id[] {
  return visibleIds(state.rows, state.order, state.view, state.account?.adminId ?? null, state.query, filtersOf(state));
}

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new Error(describeError(result.error));
}

/** Shows a failed call to the agent; success needs no word, the events update the screen. */
async function report(set: (state: Partial<PerchState>) => void, call: Promise<IpcResult<unknown>>): Promise<void> {
  const result = await call;
  if (!result.ok) set({ error: describeError(result.error) });
}

/** The loading `connect` started for the current bridge. */
let connecting: Promise<void> | null = null;

export const usePerch = create<PerchState>()((set, get) => ({
  bridge: null,
  session: null,
  account: null,
  connectOpen: false,
  notice: null,
  ...emptyInbox(VIEWS, null),
  totals: { all: 0, mine: 0, unassigned: 0 },
  health: 'starting',
  progress: { loaded: 0, done: false },
  loaded: false,
  view: 'open',
  query: '',
  screen: 'inbox',
  visitor: null,
  channel: null,
  unansweredOnly: false,
  answeredOnly: false,
  delayedOnly: false,
  tagFilter: null,
  conversation: null,
  outbox: [],
  typing: new Map(),
  helpOpen: false,
  paletteOpen: false,
  settingsOpen: false,
  settings: null,
  sendError: null,
  error: null,

  connect(bridge) {
    // Called before the app mounts and again by the app: the same loading, once.
    if (get().bridge === bridge && connecting) return connecting;
    set({ bridge });
    bridge.on('inbox:changed', (change) => {
      const state = get();
      // The visitor's new message ends their typing line, whichever conversation is open.
      const ended = change.upserted
        .filter(
          (row) =>
            row.previewFromVisitor && state.typing.has(row.id) && row.preview !== state.inbox.rows.get(row.id)?.preview,
        )
        .map((row) => row.id);
      for (const row of change.upserted) state.inbox.upsert(row);
      for (const id of change.removed) state.inbox.remove(id);
      const moved = change.upserted.length > 0 || change.removed.length > 0;
      set({
        ...(moved ? inboxMoved(state) : {}),
        totals: change.totals,
        health: change.health,
        progress: change.progress,
        loaded: state.loaded || change.progress.done,
      });
      if (ended.length) {
        const typing = new Map(get().typing);
        for (const id of ended) typing.delete(id);
        set({ typing });
      }
    });
    bridge.on('conversation:parts', ({ conversationId, parts }) => {
      const current = get().conversation;
      if (!current || current.id !== conversationId) return;
      const known = new Set(current.parts.map((p) => p.id));
      const fresh = parts.filter((p) => !known.has(p.id));
      if (fresh.length) set({ conversation: { ...current, parts: [...current.parts, ...fresh] } });
    });
    bridge.on('conversation:navigate', ({ conversationId }) => void get().open(conversationId));
    bridge.on('outbox:changed', (outbox) => set({ outbox }));
    bridge.on('conversation:typing', (event) => {
      if (event.from !== 'user') return;
      set({ typing: new Map(get().typing).set(event.conversationId, { body: event.body, at: Date.now() }) });
    });
    bridge.on('conversation:parts', ({ conversationId, parts }) => {
      // A visitor message ends the visitor's typing.
      if (parts.some((p) => p.direction === 'u2a') && get().typing.has(conversationId)) {
        const typing = new Map(get().typing);
        typing.delete(conversationId);
        set({ typing });
      }
    });
    bridge.on('settings:changed', (settings) => set({ settings }));
    bridge.on('session:changed', (session) => {
      const before = get().account;
      const switched =
        !before ||
        before.mode !== session.account.mode ||
        before.baseUrl !== session.account.baseUrl ||
        before.appId !== session.account.appId;
      set({ session, account: session.account });
      if (switched) void get().load();
    });
    // Both at once: the first screen of rows waits for neither.
    connecting = Promise.all([get().loadSettings(), get().load()]).then(() => undefined);
    return connecting;
  },

  async load() {
    const bridge = get().bridge;
    if (!bridge) return;
    // What belonged to the previous workspace goes before anything of the new one arrives.
    const generation = nextLoad();
    const fresh = emptyInbox(VIEWS, get().account?.adminId ?? null);
    const { inbox } = fresh;
    set({
      ...fresh,
      conversation: null,
      typing: new Map(),
      channel: null,
      tagFilter: null,
      loaded: false,
      progress: { loaded: 0, done: false },
    });
    try {
      // The first screen of rows, with the size of every view, comes before the rest.
      const [ready, first, outbox] = await Promise.all([
        bridge.invoke('app:ready'),
        bridge.invoke('inbox:get', { offset: 0, limit: FIRST_SCREEN_ROWS }),
        bridge.invoke('outbox:list'),
      ]);
      if (!isCurrentLoad(generation)) return;
      const session = unwrap(ready);
      const page = unwrap(first);
      inbox.setAdmin(session.account.adminId);
      addLoaded(inbox, page.rows);
      const offset = page.rows.length;
      set({
        ...inboxMoved(get()),
        session,
        account: session.account,
        outbox: unwrap(outbox),
        totals: page.totals,
        health: page.health,
        progress: page.progress,
        loaded: page.progress.done,
        pendingSizes: offset < page.total ? page.sizes : null,
      });
      // The rest follows in the background: the workspace is usable from the first screen on.
      if (offset < page.total) void loadRest(usePerch, bridge, generation, offset, page.total);
    } catch (error) {
      if (isCurrentLoad(generation)) set({ error: (error as Error).message });
    }
  },

  ...sessionActions(set, get),

  ...navigationActions(set, get),

  async open(id) {
    const bridge = get().bridge;
    if (!bridge) return;
    set({ conversation: { id, parts: [], loading: true, error: null, hasOlder: false }, sendError: null });
    const result = await bridge.invoke('conversation:open', id);
    if (get().conversation?.id !== id) return;
    if (result.ok) {
      get().inbox.upsert(result.value.row);
      set({
        ...inboxMoved(get()),
        conversation: { id, parts: result.value.parts, loading: false, error: null, hasOlder: result.value.hasOlder },
      });
    } else {
      set({ conversation: { id, parts: [], loading: false, error: describeError(result.error), hasOlder: false } });
    }
  },

  async send(body, kind, actions, attachment) {
    const { bridge, conversation } = get();
    if (!bridge || !conversation || (!body.trim() && !attachment)) return false;
    set({ sendError: null });
    // Queued in the outbox, which owns delivery from here: the composer can clear at once.
    const result = await bridge.invoke('conversation:reply', {
      conversationId: conversation.id,
      body,
      kind,
      ...(kind === 'reply' && actions?.length ? { actions } : {}),
      ...(attachment ? { attachment } : {}),
    });
    if (!result.ok) set({ sendError: describeError(result.error) });
    return result.ok;
  },

  async assign(adminId) {
    const { bridge, conversation } = get();
    if (bridge && conversation) await report(set, bridge.invoke('conversation:assign', conversation.id, adminId));
  },

  async close() {
    const { bridge, conversation } = get();
    if (bridge && conversation) await report(set, bridge.invoke('conversation:close', conversation.id));
  },

  async closeAndNext() {
    const state = get();
    const current = state.conversation;
    if (!current || state.rows.get(current.id)?.closed) return;
    // The next one is chosen before closing: the closed conversation then leaves the list.
    const ids = shownIds(state);
    const at = ids.indexOf(current.id);
    const next = at === -1 ? undefined : (ids[at + 1] ?? ids[at - 1]);
    await state.close();
    if (next !== undefined && get().conversation?.id === current.id) void get().open(next);
  },

  explainReopen() {
    set({ notice: t('conversation.reopenExplained') });
  },

  async markRead(ids) {
    const { bridge, conversation } = get();
    const targets = ids ?? (conversation ? [conversation.id] : []);
    if (bridge && targets.length) await report(set, bridge.invoke('conversation:mark-read', targets));
  },

  async tag(tag, op) {
    const { bridge, conversation } = get();
    if (bridge && conversation && tag.trim())
      await report(set, bridge.invoke('conversation:tag', conversation.id, tag, op));
  },

  setTyping(text) {
    const { bridge, conversation } = get();
    if (bridge && conversation) void bridge.invoke('conversation:set-typing', conversation.id, text.slice(0, 20000));
  },

  setHelpOpen(open) {
    set({ helpOpen: open });
  },

  async loadOlder() {
    const { bridge, conversation } = get();
    const first = conversation?.parts[0];
    if (!bridge || !conversation || !first || !conversation.hasOlder) return;
    const result = await bridge.invoke('conversation:older', conversation.id, first.id);
    const current = get().conversation;
    if (!result.ok || current?.id !== conversation.id) return;
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
    const ids = shownIds(state);
    if (ids.length === 0) return;
    const at = state.conversation ? ids.indexOf(state.conversation.id) : -1;
    const next = ids[Math.min(ids.length - 1, Math.max(0, at === -1 ? 0 : at + direction))];
    if (next !== undefined && next !== state.conversation?.id) void state.open(next);
  },

  async retry(itemId) {
    const bridge = get().bridge;
    if (bridge) await report(set, bridge.invoke('outbox:retry', itemId));
  },

  async discard(itemId) {
    const bridge = get().bridge;
    if (bridge) await report(set, bridge.invoke('outbox:discard', itemId));
  },
}));
