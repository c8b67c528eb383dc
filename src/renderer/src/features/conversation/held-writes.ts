import type { Id } from '../../../../shared/api/types';
import type { AccountId } from '../../../../shared/accounts';
import type { HeldOutboxItem } from '../accounts/selectors';
import { t } from '../../ui/i18n';

/**
 * Writes main holds in the outbox whose undo window is still open at `now` (a close, an assign
 * away, a tag removed): nothing of them has been sent, and Undo takes them back.
 */
export function heldWrites(outbox: readonly HeldOutboxItem[], now: number): HeldOutboxItem[] {
  return outbox.filter((item) => item.state === 'pending' && (item.undoUntil ?? 0) > now);
}

/** Whether the write waits for its undo window now (the Undo notice speaks for it meanwhile). */
export const isHeld = (item: HeldOutboxItem, now: number) => item.state === 'pending' && (item.undoUntil ?? 0) > now;

/**
 * The tags of a conversation whose removal is queued (held for Undo, or on its way): shown as
 * gone, since Undo is how they come back. A removal that failed shows the tag again.
 */
export function tagsBeingRemoved(
  outbox: readonly HeldOutboxItem[],
  accountId: AccountId | undefined,
  conversationId: Id | undefined,
): Set<string> {
  const tags = new Set<string>();
  for (const item of outbox)
    if (
      item.state !== 'failed' &&
      item.accountId === accountId &&
      item.action.kind === 'tag' &&
      item.action.op === 'delete' &&
      item.action.conversationId === conversationId
    )
      tags.add(item.action.tag);
  return tags;
}

/**
 * The assignee a queued assign gives the conversation (held for Undo, or on its way): undefined
 * when none is queued, null when it unassigns. The header and the row show it, as the Undo
 * notice says it; a failed assign shows what the server has again.
 */
export function assignBeingMade(
  outbox: readonly HeldOutboxItem[],
  accountId: AccountId | undefined,
  conversationId: Id | undefined,
): Id | null | undefined {
  let adminId: Id | null | undefined;
  for (const item of outbox)
    if (
      item.state !== 'failed' &&
      item.accountId === accountId &&
      item.action.kind === 'assign' &&
      item.action.conversationId === conversationId
    )
      adminId = item.action.adminId;
  return adminId;
}

/**
 * What a queued assign is doing, in a sentence ("Assigning to Anna…"): the same words in the
 * Undo notice, the conversation's header and its row's hover, so they never disagree.
 */
export function assigningText(adminId: Id | null, name: string | null, mine: boolean): string {
  if (adminId === null) return t('assigning.none');
  if (mine) return t('assigning.toYou');
  return name ? t('assigning.to', { name }) : t('assigning.toColleague');
}

/**
 * The Undo notice's sentence for a held write, and its button's name with the conversation's
 * (several notices may show at once). `visitor` names the conversation, `assignee` the admin
 * an assign gives it to; either may be unknown.
 */
export function describeHeld(
  item: HeldOutboxItem,
  visitor: string | null,
  assignee: string | null,
): { text: string; undoLabel: string | undefined } {
  const action = item.action;
  switch (action.kind) {
    case 'assign':
      return {
        text: assigningText(action.adminId, assignee, false),
        undoLabel: visitor
          ? t(action.adminId === null ? 'undo.undoUnassign' : 'undo.undoAssign', { name: visitor })
          : undefined,
      };
    case 'tag':
      return {
        text: t('undo.tagRemoved', { tag: action.tag }),
        undoLabel: visitor ? t('undo.undoTagRemoval', { tag: action.tag, name: visitor }) : undefined,
      };
    case 'reply':
      if (action.note) return { text: t('undo.noteSaving'), undoLabel: t('undo.undoNote') };
      return {
        text: visitor ? t('undo.replySending', { name: visitor }) : t('undo.replySendingNoName'),
        undoLabel: visitor ? t('undo.undoReply', { name: visitor }) : undefined,
      };
    default:
      return {
        text: visitor ? t('undo.closed', { name: visitor }) : t('undo.closedNoName'),
        undoLabel: visitor ? t('undo.undoClose', { name: visitor }) : undefined,
      };
  }
}

/** What the agent reads when Undo came after the window: the write is already on its way. */
export function tooLateMessage(item: HeldOutboxItem): string {
  switch (item.action.kind) {
    case 'assign':
      return t('undo.tooLateAssign');
    case 'tag':
      return t('undo.tooLateTag');
    case 'reply':
      return t('undo.tooLateReply');
    default:
      return t('undo.tooLate');
  }
}

/** The write held for Undo that was queued last (a bulk action's, or a single one), if any. */
export function latestHeld(outbox: readonly HeldOutboxItem[], now: number): HeldOutboxItem | undefined {
  let latest: HeldOutboxItem | undefined;
  for (const item of heldWrites(outbox, now)) if (!latest || item.createdAt >= latest.createdAt) latest = item;
  return latest;
}
