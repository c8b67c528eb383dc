import type { Conversation, ConversationPart, Id } from '../../../shared/api/types';
import { compareRows, seenMarkOf, toInboxRow, type InboxRow, type SeenMark } from '../../../shared/inbox';
import { FRESHENS, MAY_NOTIFY, newVisitorMessage, sameConversation, type MergeSource } from './inbox-rules';
import { UnreadCounter } from './unread-counter';

/** A new visitor message found by a merge; `waitingSince` (whole seconds): when the visitor's wait started. */
export interface FoundVisitorMessage {
  conversation: Conversation;
  part: ConversationPart;
  waitingSince: number;
}

export interface InboxContentsHooks {
  /** A copy the sweep need not read again soon arrived (inbox-rules.ts, FRESHENS). */
  freshened(id: Id): void;
  /** Told as each conversation is merged, before the next one. */
  visitorMessage(found: FoundVisitorMessage): void;
  /** Conversations the agent snoozed: out of the totals and the longest wait until they come back. */
  snoozed?: (id: Id) => boolean;
}

/**
 * What one inbox holds: each conversation as last read, its row, when the agent last saw it and
 * the unread totals, and which read each copy came from, so a slow answer never undoes a later
 * one. `InboxSync` decides when to read; this decides what a copy changes.
 */
export class InboxContents {
  readonly conversations = new Map<Id, Conversation>();
  readonly rows = new Map<Id, InboxRow>();
  readonly seenAt = new Map<Id, SeenMark>();
  /** Totals kept per change, not recounted over every row on every event. */
  readonly unread: UnreadCounter;
  private readonly copySeq = new Map<Id, number>();

  constructor(
    adminId: Id,
    private readonly hooks: InboxContentsHooks,
  ) {
    this.unread = new UnreadCounter(adminId, hooks.snoozed);
  }

  /** Takes in copies from a read numbered `seq`; the rows that now show something new. */
  merge(items: Conversation[], source: MergeSource, seq: number, lookingAt: Id | null): InboxRow[] {
    const upserted: InboxRow[] = [];
    for (const conversation of items) {
      const previous = this.conversations.get(conversation.id);
      if (FRESHENS.has(source)) this.hooks.freshened(conversation.id);
      if (previous && source !== 'seen') {
        // An older copy never replaces a newer one, nor an answer to an earlier read of the same moment.
        if (previous.last_update > conversation.last_update) continue;
        if (previous.last_update === conversation.last_update && (this.copySeq.get(conversation.id) ?? 0) > seq)
          continue;
        this.copySeq.set(conversation.id, seq);
        if (sameConversation(previous, conversation)) continue;
      } else if (!previous) this.copySeq.set(conversation.id, seq);
      this.conversations.set(conversation.id, conversation);
      if (conversation.id === lookingAt) this.seenAt.set(conversation.id, seenMarkOf(conversation));
      const before = this.rows.get(conversation.id);
      const row = toInboxRow(conversation, this.seenAt.get(conversation.id), before);
      this.rows.set(row.id, row);
      this.unread.update(row);
      // A row that shows the same as before (a copy from the stream, then the poll) is not news.
      if (!before || JSON.stringify(before) !== JSON.stringify(row)) upserted.push(row);
      // Whether the agent is looking is the notification policy's decision, not the sync's. A
      // conversation the sweep finds that Perch never knew holds old news, not a new message.
      const message =
        MAY_NOTIFY.has(source) && (previous || source !== 'sweep') ? newVisitorMessage(previous, conversation) : null;
      if (message)
        this.hooks.visitorMessage({
          conversation,
          part: message,
          waitingSince: before?.waitingSince ?? message.created,
        });
    }
    return upserted;
  }

  /** Drops a conversation the server no longer has; false when the inbox did not hold it. */
  forget(id: Id): boolean {
    if (!this.conversations.has(id)) return false;
    this.conversations.delete(id);
    this.rows.delete(id);
    this.seenAt.delete(id);
    this.copySeq.delete(id);
    this.unread.remove(id);
    return true;
  }

  sortedRows(): InboxRow[] {
    return [...this.rows.values()].sort(compareRows);
  }

  /** The rows of these conversations that the inbox holds. */
  rowsOf(ids: Id[]): InboxRow[] {
    return ids.flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [row] : [];
    });
  }

  /** Since when (whole seconds) the visitor of the longest-waiting unread open conversation, not snoozed, has waited, or null. */
  longestWaitSince(): number | null {
    let since: number | null = null;
    for (const row of this.rows.values())
      if (
        row.unread > 0 &&
        !row.closed &&
        !this.hooks.snoozed?.(row.id) &&
        row.waitingSince !== null &&
        (since === null || row.waitingSince < since)
      )
        since = row.waitingSince;
    return since;
  }
}
