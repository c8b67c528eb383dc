import { useEffect, useReducer } from 'react';
import { conversationKey } from '../../../shared/accounts';
import type { HeldOutboxItem } from '../state/accounts-view';
import { knownAdmins, useDirectory } from '../state/directory-store';
import { displayName } from '../text/format';
import { describeHeld, heldWrites } from '../state/held-writes';
import { t } from '../i18n';
import { usePerch } from '../state/store';
import { BatchUndoNotices } from './BatchUndoNotices';

/** The name of the admin an assign gives the conversation to, as the account's channels and rows know it. */
function useAssigneeName(): (item: HeldOutboxItem) => string | null {
  const channelsByAccount = useDirectory((s) => s.channelsByAccount);
  const rows = usePerch((s) => s.rows);
  return (item) => {
    if (item.action.kind !== 'assign' || item.action.adminId === null) return null;
    const { adminId } = item.action;
    const theirs = [...rows.values()].filter((row) => row.accountId === item.accountId);
    return knownAdmins(channelsByAccount[item.accountId] ?? [], theirs).find((a) => a.id === adminId)?.name ?? null;
  };
}

/**
 * "Conversation with Anna closed. Undo", "Assigned to Maria. Undo", "Tag “refund” removed.
 * Undo": one line per write main still holds (a few seconds, nothing sent yet). Read from the
 * outbox, so a page loaded anew in the window shows it too; each line goes when its window
 * ends or the write leaves the outbox.
 */
export function UndoNotices() {
  const outbox = usePerch((s) => s.outbox);
  const rows = usePerch((s) => s.rows);
  const undoWrite = usePerch((s) => s.undoWrite);
  const assigneeName = useAssigneeName();
  // Above the toast, when one shows, rather than under it.
  const toast = usePerch((s) => s.error !== null || s.notice !== null);
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const held = heldWrites(outbox, Date.now());
  // The writes of a bulk action share one notice, the batch's.
  const single = held.filter((item) => item.batch === undefined);
  const nextEnd = Math.min(...held.map((item) => item.undoUntil!));
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return;
    const timer = setTimeout(tick, Math.max(0, nextEnd - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextEnd]);

  return (
    <div className={toast ? 'undo-notices above-toast' : 'undo-notices'} role="status">
      <BatchUndoNotices assigneeName={assigneeName} />
      {single.map((item) => {
        const row = rows.get(conversationKey(item.accountId, item.action.conversationId));
        const { text, undoLabel } = describeHeld(item, row ? displayName(row) : null, assigneeName(item));
        return (
          <div
            key={item.id}
            className="undo-notice"
            data-undo={item.action.kind === 'reply' && item.action.note ? 'note' : item.action.kind}
            {...(item.action.kind === 'close' && { 'data-undo-close': item.action.conversationId })}
          >
            <span>{text}</span>
            <button type="button" className="secondary" aria-label={undoLabel} onClick={() => void undoWrite(item)}>
              {t('undo.undo')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
