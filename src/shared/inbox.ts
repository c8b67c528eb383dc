import type { Conversation, ConversationPart, ConversationUser, Id, Timestamp } from './api/types';

/** One inbox line as the renderer shows it: a slim view of a Conversation. */
export interface InboxRow {
  id: Id;
  visitorId: Id | null;
  visitorName: string;
  preview: string;
  previewFromVisitor: boolean;
  /** The preview is an internal note, shown marked as one. */
  previewIsNote?: boolean;
  lastUpdate: Timestamp;
  unread: number;
  assignee: { id: Id; name: string } | null;
  tags: string[];
  closed: boolean;
  channel: { id: Id; name: string } | null;
  /** When the visitor's last message arrived, while it is the last message; null once answered. */
  waitingSince: Timestamp | null;
}

/** A visitor message unanswered for longer than this makes a conversation delayed (as the server's `delayed` filter). */
export const DELAYED_AFTER_SECONDS = 300;

export function isDelayed(row: Pick<InboxRow, 'closed' | 'waitingSince'>, nowSeconds: number): boolean {
  return !row.closed && row.waitingSince !== null && nowSeconds - row.waitingSince > DELAYED_AFTER_SECONDS;
}

export interface UnreadTotals {
  /** Open conversations with unread visitor messages. */
  all: number;
  /** ...of those, assigned to the signed-in administrator. */
  mine: number;
  /** ...of those, assigned to nobody. */
  unassigned: number;
}

export type SyncHealth = 'starting' | 'ok' | 'degraded' | 'offline' | 'signed-out';

const PREVIEW_MAX = 140;

/** The visitor's name or email; empty for an anonymous visitor (the renderer names those). */
export function visitorName(user: ConversationUser | undefined): string {
  if (!user) return '';
  const name = user.props['$name'];
  if (typeof name === 'string' && name.trim()) return name.trim();
  const email = user.props['$email'];
  if (typeof email === 'string' && email.trim()) return email.trim();
  return '';
}

/** Plain-text preview of a part: tags stripped, whitespace folded, clipped. */
export function previewOf(part: Pick<ConversationPart, 'body' | 'attachments'> | null | undefined): string {
  if (!part) return '';
  const text = part.body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text) return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
  const file = part.attachments[0];
  return file?.filename ? `📎 ${file.filename}` : '';
}

/**
 * Unread count the agent sees: the server's count, unless this agent has already seen the
 * conversation at (or after) its last update. `seenAt` is kept locally by the core.
 */
export function unreadCount(
  conversation: Pick<Conversation, 'unread_parts_count' | 'last_update'>,
  seenAt: Timestamp | undefined,
): number {
  if (seenAt !== undefined && seenAt >= conversation.last_update) return 0;
  return conversation.unread_parts_count;
}

/** Parts that are something someone wrote; an assignment or a close is not a preview. */
const MESSAGE_TYPES = new Set(['reply_user', 'reply_admin', 'note', 'article']);

/**
 * `previous` is the row this conversation had: when the last part is not a message (an
 * assignment, a close) or a re-read carries no last part, the row keeps the message it showed.
 */
export function toInboxRow(conversation: Conversation, seenAt: Timestamp | undefined, previous?: InboxRow): InboxRow {
  const part = conversation.part_last ?? null;
  const last = part && MESSAGE_TYPES.has(part.type) ? part : null;
  const kept = last === null && previous ? previous : null;
  return {
    id: conversation.id,
    visitorId: conversation.user?.id ?? null,
    visitorName: visitorName(conversation.user),
    preview: kept ? kept.preview : previewOf(last ?? part),
    previewFromVisitor: kept ? kept.previewFromVisitor : (last ?? part)?.direction === 'u2a',
    ...((kept ? kept.previewIsNote : last?.type === 'note') ? { previewIsNote: true } : {}),
    lastUpdate: conversation.last_update,
    unread: unreadCount(conversation, seenAt),
    assignee: conversation.assignee ? { id: conversation.assignee.id, name: conversation.assignee.name } : null,
    tags: conversation.tags,
    closed: conversation.closed,
    channel: conversation.channel ? { id: conversation.channel.id, name: conversation.channel.name } : null,
    waitingSince: kept ? kept.waitingSince : (last ?? part)?.direction === 'u2a' ? (last ?? part)!.created : null,
  };
}

export function unreadTotals(rows: Iterable<InboxRow>, myAdminId: Id | null): UnreadTotals {
  const totals: UnreadTotals = { all: 0, mine: 0, unassigned: 0 };
  for (const row of rows) {
    if (row.closed || row.unread === 0) continue;
    totals.all += 1;
    if (row.assignee === null) totals.unassigned += 1;
    else if (row.assignee.id === myAdminId) totals.mine += 1;
  }
  return totals;
}

/** Newest first, ties broken by id so the order is total and stable. */
export function compareRows(a: InboxRow, b: InboxRow): number {
  return b.lastUpdate - a.lastUpdate || b.id - a.id;
}

/** How many conversations each view of the inbox holds: a list can be sized before its rows arrive. */
export interface ViewSizes {
  unassigned: number;
  mine: number;
  open: number;
  closed: number;
}

export function viewSizes(rows: Iterable<InboxRow>, myAdminId: Id | null): ViewSizes {
  const sizes: ViewSizes = { unassigned: 0, mine: 0, open: 0, closed: 0 };
  for (const row of rows) {
    if (row.closed) {
      sizes.closed += 1;
      continue;
    }
    sizes.open += 1;
    if (row.assignee === null) sizes.unassigned += 1;
    else if (row.assignee.id === myAdminId) sizes.mine += 1;
  }
  return sizes;
}
