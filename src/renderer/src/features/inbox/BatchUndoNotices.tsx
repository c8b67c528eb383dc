import { useEffect, useReducer } from 'react';
import type { HeldOutboxItem } from '../accounts/selectors';
import { useBulk } from './slice-bulk';
import { describeBatch, heldBatches } from './held-batches';
import { formatSnoozeTime } from '../conversation/selectors';
import { t, tn } from '../../ui/i18n';
import { usePerch } from '../../store';

/**
 * "3 conversations closed. Undo": one notice per bulk action of the inbox, whichever accounts its
 * writes went to, and Undo takes back every write of it still held. A bulk snooze (Perch's own)
 * has one too: its Undo wakes the conversations again. Drawn inside UndoNotices' stack.
 */
export function BatchUndoNotices({ assigneeName }: { assigneeName: (item: HeldOutboxItem) => string | null }) {
  const outbox = usePerch((s) => s.outbox);
  const admins = usePerch((s) => s.admins);
  const snoozed = useBulk((s) => s.snoozed);
  const undoBatch = useBulk((s) => s.undoBatch);
  const undoSnooze = useBulk((s) => s.undoSnooze);
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const snoozeEnd = snoozed?.undoUntil;
  useEffect(() => {
    if (snoozeEnd === undefined) return;
    const timer = setTimeout(tick, Math.max(0, snoozeEnd - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [snoozeEnd]);
  const now = Date.now();
  const batches = heldBatches(outbox, now);
  const snoozeText =
    snoozed && snoozed.undoUntil > now
      ? tn('bulk.snoozed', snoozed.count, { time: formatSnoozeTime(snoozed.until) })
      : null;
  return (
    <>
      {batches.map((batch) => {
        const text = describeBatch(batch, admins, assigneeName);
        return (
          <div key={batch.batch} className="undo-notice" data-undo-batch={batch.items[0]!.action.kind}>
            <span>{text}</span>
            <button
              type="button"
              className="secondary"
              aria-label={t('bulk.undoLabel', { what: text })}
              onClick={() => void undoBatch(batch.batch, batch.accounts, batch.items.length)}
            >
              {t('undo.undo')}
            </button>
          </div>
        );
      })}
      {snoozeText ? (
        <div className="undo-notice" data-undo-batch="snooze">
          <span>{snoozeText}</span>
          <button
            type="button"
            className="secondary"
            aria-label={t('bulk.undoLabel', { what: snoozeText })}
            onClick={() => void undoSnooze()}
          >
            {t('undo.undo')}
          </button>
        </div>
      ) : null}
    </>
  );
}
