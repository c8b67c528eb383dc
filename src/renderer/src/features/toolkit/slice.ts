import type { ActionsOf } from '../../store/actions-of';
import { create } from 'zustand';
import type { ConversationPart, Id, QuickReplyAction } from '../../../../shared/api/types';
import { conversationKey, type AccountId, type ConversationKey } from '../../../../shared/accounts';
import type { AttachmentDraft } from '../../../../shared/attachments';
import { isFromVisitor } from '../../../../shared/inbox';
import type { SnoozeReturned } from '../../../../shared/snooze';
import { describeError } from '../../ui/text/errors';
import { usePerch } from '../../store';
import { mainApi } from '../../main-api';

/** A reply held back because the conversation moved on since the agent began writing it. */
export interface StaleQuestion {
  key: ConversationKey;
  /** The messages the agent has not seen, oldest first (at most a page). */
  parts: ConversationPart[];
  more: boolean;
  answer(send: boolean): void;
}

/** A snoozed conversation that came back, shown over it until the agent dismisses it. */
export type Returned = SnoozeReturned & { accountId: AccountId };

/** A colleague typing where realtime says so. */
export interface ColleagueTyping {
  adminId: Id;
  at: number;
}

export interface ToolkitState {
  snoozeError: string | null;
  /** The newest part on screen when the agent began the reply now in each composer. */
  writingFrom: Map<ConversationKey, Id>;
  stale: StaleQuestion | null;
  /** Drafts the agent chose to review: written before the message of this time (whole seconds), until edited. */
  olderThan: Map<ConversationKey, number>;
  /** Whether the reply of this conversation waits on "Review" (newer messages are shown to read first). */
  isReviewing(key: ConversationKey): boolean;
  /** The agent changed the draft: it is no longer marked as older than what came in. */
  draftEdited(key: ConversationKey): void;
  returned: Returned[];
  colleagues: Map<ConversationKey, ColleagueTyping>;
  setSnoozeOpen(open: boolean): void;
  snooze(until: number, note?: string): Promise<boolean>;
  wake(): Promise<void>;
  dismissReturned(key: ConversationKey): void;
  /** The composer holds text (or not): the first keystroke marks what the agent had seen. */
  writing(key: ConversationKey, hasText: boolean): void;
  /** Sends through the store after one look at the server for messages the agent has not seen. */
  sendChecked(
    body: string,
    kind: 'reply' | 'note',
    actions?: QuickReplyAction[],
    attachment?: AttachmentDraft,
  ): Promise<boolean>;
}

/** Parts that ask the agent to look again: what the visitor or a colleague wrote, not the agent's own. */
export function unseenMessages(parts: ConversationPart[], me: Id | null): ConversationPart[] {
  return parts.filter((part) => {
    if (isFromVisitor(part)) return true;
    const author = typeof part.from === 'object' ? part.from?.id : undefined;
    return (part.type === 'reply_admin' || part.type === 'note') && author !== me;
  });
}

/** Snooze and reminders, the look before a reply goes, and colleagues typing. */
export const useToolkit = create<ToolkitState>()((set, get) => ({
  snoozeError: null,
  writingFrom: new Map(),
  stale: null,
  olderThan: new Map(),
  isReviewing: (key) => get().olderThan.has(key),
  returned: [],
  colleagues: new Map(),

  // The menu is one of the store's sheets ('snooze'): Escape and the backdrop close it like any other.
  setSnoozeOpen(open) {
    const perch = usePerch.getState();
    set({ snoozeError: null });
    if (!open) perch.closeSheet('snooze');
    else if (perch.conversation) perch.openSheet('snooze');
  },

  async snooze(until, note) {
    const bridge = mainApi();
    const { conversation } = usePerch.getState();
    if (!bridge || !conversation) return false;
    const seen = conversation.parts.at(-1)?.id ?? null;
    const result = await bridge.invoke(
      'conversation:snooze',
      conversation.accountId,
      conversation.id,
      until,
      note ?? '',
      seen,
    );
    if (!result.ok) {
      set({ snoozeError: describeError(result.error) });
      return false;
    }
    set({ snoozeError: null });
    usePerch.getState().closeSheet('snooze');
    return true;
  },

  async wake() {
    const bridge = mainApi();
    const { conversation } = usePerch.getState();
    if (!bridge || !conversation) return;
    const result = await bridge.invoke('conversation:wake', conversation.accountId, conversation.id);
    if (!result.ok) usePerch.setState({ error: describeError(result.error) });
  },

  dismissReturned(key) {
    set({ returned: get().returned.filter((r) => conversationKey(r.accountId, r.conversationId) !== key) });
  },

  draftEdited(key) {
    if (!get().olderThan.has(key)) return;
    const next = new Map(get().olderThan);
    next.delete(key);
    set({ olderThan: next });
  },

  writing(key, hasText) {
    const marks = get().writingFrom;
    if (hasText === marks.has(key)) return;
    const next = new Map(marks);
    const conversation = usePerch.getState().conversation;
    const newest = conversation?.key === key ? conversation.parts.at(-1)?.id : undefined;
    if (!hasText) next.delete(key);
    else if (newest !== undefined) next.set(key, newest);
    else return;
    set({ writingFrom: next });
  },

  async sendChecked(body, kind, actions, attachment) {
    const perch = usePerch.getState();
    const bridge = mainApi();
    const { conversation } = perch;
    if (!bridge || !conversation) return false;
    const from = get().writingFrom.get(conversation.key) ?? conversation.parts.at(-1)?.id;
    // Only replies reach the visitor; a note beside a colleague's is harmless.
    if (kind === 'reply' && from !== undefined) {
      const newer = await bridge.invoke('conversation:newer', conversation.accountId, conversation.id, from);
      const me = perch.admins.get(conversation.accountId) ?? null;
      // The look costs one read; when it fails the reply goes as it would have (the outbox delivers it).
      const unseen = newer.ok ? unseenMessages(newer.value.parts, me) : [];
      if (unseen.length > 0) {
        const send = await new Promise<boolean>((resolve) =>
          set({ stale: { key: conversation.key, parts: unseen, more: newer.ok && newer.value.more, answer: resolve } }),
        );
        set({ stale: null });
        // Reviewing keeps the draft; what the agent saw now counts as seen.
        const newest = unseen.at(-1)!;
        set({ writingFrom: new Map(get().writingFrom).set(conversation.key, newest.id) });
        if (!send) {
          set({ olderThan: new Map(get().olderThan).set(conversation.key, newest.created) });
          return false;
        }
      }
    }
    const sent = await usePerch.getState().send(body, kind, actions, attachment);
    if (sent) {
      const marks = new Map(get().writingFrom);
      marks.delete(conversation.key);
      set({ writingFrom: marks });
      get().draftEdited(conversation.key);
    }
    return sent;
  },
}));

/** Listens to main for returned snoozes and colleagues typing; the store's own connect listens to the rest. */
export function listenToolkit(): () => void {
  const bridge = mainApi();
  if (!bridge) return () => {};
  const offReturned = bridge.on('snooze:returned', ({ accountId, value }) => {
    const key = conversationKey(accountId, value.conversationId);
    const others = useToolkit.getState().returned.filter((r) => conversationKey(r.accountId, r.conversationId) !== key);
    useToolkit.setState({ returned: [...others, { ...value, accountId }].slice(-20) });
  });
  const offTyping = bridge.on('conversation:typing', ({ accountId, value }) => {
    const me = usePerch.getState().admins.get(accountId);
    if (value.from !== 'admin' || value.adminId === null || value.adminId === me) return;
    const colleagues = new Map(useToolkit.getState().colleagues);
    colleagues.set(conversationKey(accountId, value.conversationId), { adminId: value.adminId, at: Date.now() });
    useToolkit.setState({ colleagues });
  });
  return () => {
    offReturned();
    offTyping();
  };
}

/** The toolkit store's actions, for code outside a component (the command table): data is read with a selector. */
export const toolkitActions = (): ActionsOf<ToolkitState> => useToolkit.getState();
