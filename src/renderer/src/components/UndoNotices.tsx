import { useEffect, useReducer } from 'react';
import { conversationKey } from '../../../shared/accounts';
import type { HeldOutboxItem } from '../accounts-view';
import { displayName } from '../format';
import { t } from '../i18n';
import { usePerch } from '../store';
import './UndoNotices.css';

/** Closes main holds in the outbox whose undo window is still open at `now`. */
function heldCloses(outbox: readonly HeldOutboxItem[], now: number): HeldOutboxItem[] {
  return outbox.filter(
    (item) => item.action.kind === 'close' && item.state === 'pending' && (item.undoUntil ?? 0) > now,
  );
}

/**
 * "Conversation with Anna closed. Undo": one line per close main still holds (a few seconds,
 * nothing sent yet). Read from the outbox, so a page loaded anew in the window shows it too;
 * each line goes when its window ends or the close leaves the outbox.
 */
export function UndoNotices() {
  const outbox = usePerch((s) => s.outbox);
  const rows = usePerch((s) => s.rows);
  const undoClose = usePerch((s) => s.undoClose);
  // Above the toast, when one shows, rather than under it.
  const toast = usePerch((s) => s.error !== null || s.notice !== null);
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const held = heldCloses(outbox, Date.now());
  const nextEnd = Math.min(...held.map((item) => item.undoUntil!));
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return;
    const timer = setTimeout(tick, Math.max(0, nextEnd - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextEnd]);

  return (
    <div className={toast ? 'undo-notices above-toast' : 'undo-notices'} role="status">
      {held.map((item) => {
        const row = rows.get(conversationKey(item.accountId, item.action.conversationId));
        const name = row ? displayName(row) : null;
        return (
          <div key={item.id} className="undo-notice" data-undo-close={item.action.conversationId}>
            <span>{name ? t('undo.closed', { name }) : t('undo.closedNoName')}</span>
            <button
              type="button"
              className="secondary"
              aria-label={name ? t('undo.undoClose', { name }) : undefined}
              onClick={() => void undoClose(item)}
            >
              {t('undo.undo')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
