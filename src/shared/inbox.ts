import type { Conversation, ConversationPart, ConversationUser, Id, Timestamp } from './api/types';
import { compareIds } from './api/ids';
import type { Translate } from './i18n';
import { htmlToText } from './text';

/** One inbox line as the renderer shows it: a slim view of a Conversation. */
export interface InboxRow {
  id: Id;
  visitorId: Id | null;
  visitorName: string;
  /** The visitor's e-mail, when known: search finds a named visitor by it too. */
  visitorEmail?: string;
  /** The visitor's city, when known: it names a visitor who left no name, e-mail or phone. */
  visitorCity?: string;
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
  /** Snoozed by the agent until this time (ms since the epoch): Perch's own, kept by the core. */
  snoozedUntil?: number;
  /** The reminder note of that snooze, when it has one. */
  snoozeNote?: string;
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

/** Why an account cannot sync, since when, and when Perch tries again: what the trouble banner says. */
export interface SyncTrouble {
  /** The server cannot be reached, or it answers with errors. */
  kind: 'offline' | 'server';
  /** When the account stopped syncing (ms since the epoch, main's clock). */
  since: number;
  /** Polls that failed in a row (0 while only the open conversation's reads fail). */
  failures: number;
  /** When the next poll is due (ms since the epoch); null while one is under way. */
  nextTryAt: number | null;
}

const PREVIEW_MAX = 140;

/** The first of the visitor's props given that is a non-empty string, trimmed. */
function firstProp(user: ConversationUser | undefined, keys: readonly string[]): string {
  for (const key of keys) {
    const value = user?.props[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/** The visitor's name, e-mail or phone; empty for an anonymous visitor (unnamedVisitor names those). */
export function visitorName(user: ConversationUser | undefined): string {
  return firstProp(user, ['$name', '$email', '$phone']);
}

/** Digits of a visitor's 64-bit ID shown for one who left nothing else: enough to tell two apart. */
const SHORT_ID_DIGITS = 5;

/**
 * What names a visitor who gave no name, e-mail or phone, in the agent's language: their city
 * ("Visitor from Toronto"), else the last digits of their ID ("Visitor #30230"), never 19 digits.
 */
export function unnamedVisitor(t: Translate, visitor: { id: Id | null; city?: string | undefined }, fallbackId: Id) {
  const city = visitor.city?.trim();
  if (city) return t('inbox.fromCity', { city: city.slice(0, CITY_MAX) });
  const id = visitor.id ?? fallbackId;
  return t('inbox.anonymous', { id: id.slice(-SHORT_ID_DIGITS) });
}

const CITY_MAX = 60;

/** The visitor's e-mail as the conversation carries it, if any. */
function visitorEmail(user: ConversationUser | undefined): string {
  const email = user?.props['$email'];
  return typeof email === 'string' ? email.trim() : '';
}

/** Plain-text preview of a part: tags stripped, whitespace folded, clipped. */
export function previewOf(part: Pick<ConversationPart, 'body' | 'attachments'> | null | undefined): string {
  if (!part) return '';
  const text = htmlToText(part.body).replace(/\s+/g, ' ').trim();
  if (text) return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
  const file = part.attachments[0];
  return file?.filename ? `📎 ${file.filename}` : '';
}

/**
 * When the agent last saw a conversation: its last update then, and its last part. Times are
 * whole seconds, so a message in the same second as the look is told apart by its part.
 */
export interface SeenMark {
  at: Timestamp;
  part: Id | null;
}

export const seenMarkOf = (conversation: Pick<Conversation, 'last_update' | 'part_last'>): SeenMark => ({
  at: conversation.last_update,
  part: conversation.part_last?.id ?? null,
});

/**
 * Whether the conversation holds a visitor message the agent has not seen: 1 or 0. The API
 * has no count of what the agent has read (`unread_parts_count` counts what the *visitor* has
 * not read; docs/api-decisions.md, "Perch's own unread count"), so Perch counts by its own seen marks: a visitor
 * message no administrator has answered since, newer than the agent's last look.
 */
export function unreadCount(
  conversation: Pick<Conversation, 'last_update' | 'part_last' | 'reply_last'>,
  seen: SeenMark | undefined,
): number {
  const message = waitingMessage(conversation);
  if (message === null) return 0;
  if (seen === undefined || seen.at < conversation.last_update) return 1;
  if (seen.at > conversation.last_update) return 0;
  const last = conversation.part_last?.id ?? null;
  return seen.part === null || last === null || last === seen.part ? 0 : 1;
}

/** The visitor's message no administrator has answered since, if the conversation ends with one. */
function waitingMessage(
  conversation: Pick<Conversation, 'part_last' | 'reply_last'>,
): Pick<ConversationPart, 'type'> | null {
  const last = conversation.part_last;
  if (last && isFromVisitor(last)) return last;
  const reply = conversation.reply_last;
  return reply && isFromVisitor(reply) ? reply : null;
}

/** Whether a visitor wrote a part; `direction` is deprecated and often absent, `type` says it. */
export const isFromVisitor = (part: Pick<ConversationPart, 'type'> & { direction?: string }): boolean =>
  part.direction !== undefined ? part.direction === 'u2a' : VISITOR_TYPES.has(part.type);
const VISITOR_TYPES = new Set(['reply_user', 'conversation_start_user']);

/** Parts that are something someone wrote; an assignment or a close is not a preview. */
const MESSAGE_TYPES = new Set(['reply_user', 'reply_admin', 'note', 'article', 'auto_reply']);

/**
 * `previous` is the row this conversation had: when the last part is not a message (an
 * assignment, a close) or a re-read carries no last part, the row keeps the message it showed.
 */
export function toInboxRow(conversation: Conversation, seen: SeenMark | undefined, previous?: InboxRow): InboxRow {
  const part = conversation.part_last ?? null;
  const last = part && MESSAGE_TYPES.has(part.type) ? part : null;
  const kept = last === null && previous ? previous : null;
  const email = visitorEmail(conversation.user);
  const city = firstProp(conversation.user, ['$city']);
  return {
    id: conversation.id,
    visitorId: conversation.user?.id ?? null,
    visitorName: visitorName(conversation.user),
    ...(email ? { visitorEmail: email } : {}),
    ...(city ? { visitorCity: city } : {}),
    preview: kept ? kept.preview : previewOf(last ?? part),
    previewFromVisitor: kept ? kept.previewFromVisitor : isFromVisitor(last ?? part ?? { type: '' }),
    ...((kept ? kept.previewIsNote : last?.type === 'note') ? { previewIsNote: true } : {}),
    lastUpdate: conversation.last_update,
    unread: unreadCount(conversation, seen),
    assignee: conversation.assignee ? { id: conversation.assignee.id, name: conversation.assignee.name } : null,
    tags: conversation.tags,
    closed: conversation.closed,
    channel: conversation.channel ? { id: conversation.channel.id, name: conversation.channel.name } : null,
    waitingSince: kept
      ? kept.waitingSince
      : (last ?? part) && isFromVisitor((last ?? part)!)
        ? (last ?? part)!.created
        : null,
  };
}

/** Unread open conversations, by view; those the agent snoozed count again once they come back. */
export function unreadTotals(
  rows: Iterable<InboxRow>,
  myAdminId: Id | null,
  snoozed: (id: Id) => boolean = () => false,
): UnreadTotals {
  const totals: UnreadTotals = { all: 0, mine: 0, unassigned: 0 };
  for (const row of rows) {
    if (row.closed || row.unread === 0 || snoozed(row.id)) continue;
    totals.all += 1;
    if (row.assignee === null) totals.unassigned += 1;
    else if (row.assignee.id === myAdminId) totals.mine += 1;
  }
  return totals;
}

/** Newest first, ties broken by id so the order is total and stable. */
export function compareRows(a: InboxRow, b: InboxRow): number {
  return b.lastUpdate - a.lastUpdate || compareIds(b.id, a.id);
}

/** How many conversations each view of the inbox holds: a list can be sized before its rows arrive. */
export interface ViewSizes {
  unassigned: number;
  mine: number;
  open: number;
  closed: number;
  /** Open conversations the agent snoozed: in no other open view until they come back. */
  snoozed: number;
}

export function viewSizes(rows: Iterable<InboxRow>, myAdminId: Id | null): ViewSizes {
  const sizes: ViewSizes = { unassigned: 0, mine: 0, open: 0, closed: 0, snoozed: 0 };
  for (const row of rows) {
    if (row.closed) {
      sizes.closed += 1;
      continue;
    }
    if (row.snoozedUntil !== undefined) {
      sizes.snoozed += 1;
      continue;
    }
    sizes.open += 1;
    if (row.assignee === null) sizes.unassigned += 1;
    else if (row.assignee.id === myAdminId) sizes.mine += 1;
  }
  return sizes;
}
