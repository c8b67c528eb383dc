import { useEffect, useReducer } from 'react';
import { conversationKey } from '../../../../shared/accounts';
import { useAdminNames } from '../accounts/index';
import { displayName } from '../../ui/text/format';
import { describeHeld, heldWrites } from './held-writes';
import { t, tn } from '../../ui/i18n';
import { usePerch } from '../../store';
import { BatchUndoNotices } from '../inbox/index';
import { heldBatches } from '../inbox/selectors';

/** Undo notices shown at once; the older ones are counted ("and 2 more"), their Undo still a key away once newer ones end. */
const MAX_SHOWN = 3;

/**
 * "Conversation with Anna closed. Undo", "Assigning to Maria… Undo", "Tag “refund” removed.
 * Undo": one line per write main still holds (a few seconds, nothing sent yet). Read from the
 * outbox, so a page loaded anew in the window shows it too; each line goes when its window
 * ends or the write leaves the outbox.
 */
export function UndoNotices() {
  const outbox = usePerch((s) => s.outbox);
  const rows = usePerch((s) => s.rows);
  const undoWrite = usePerch((s) => s.undoWrite);
  const adminName = useAdminNames();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const held = heldWrites(outbox, Date.now());
  // The writes of a bulk action share one notice, the batch's. The newest show, oldest first, so
  // the newest stands nearest the composer below; the older ones are counted in one line above.
  const single = held.filter((item) => item.batch === undefined).sort((a, b) => a.createdAt - b.createdAt);
  const batches = heldBatches(outbox, Date.now()).length;
  const room = Math.max(1, MAX_SHOWN - batches);
  const hidden = Math.max(0, single.length - room);
  const nextEnd = Math.min(...held.map((item) => item.undoUntil!));
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return;
    const timer = setTimeout(tick, Math.max(0, nextEnd - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextEnd]);

  return (
    <div className="undo-notices" role="status">
      <BatchUndoNotices
        assigneeName={(item) =>
          item.action.kind === 'assign' && item.action.adminId !== null
            ? adminName(item.accountId, item.action.adminId)
            : null
        }
      />
      {hidden > 0 ? <p className="undo-more">{tn('undo.more', hidden)}</p> : null}
      {single.slice(hidden).map((item) => {
        const row = rows.get(conversationKey(item.accountId, item.action.conversationId));
        const assignee =
          item.action.kind === 'assign' && item.action.adminId !== null
            ? adminName(item.accountId, item.action.adminId)
            : null;
        const { text, undoLabel } = describeHeld(item, row ? displayName(row) : null, assignee);
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
