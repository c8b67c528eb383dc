import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Sheet } from '../../ui/Sheet';

/**
 * "Close without sending?": asked before closing a conversation whose reply or note is unsent
 * (E, the Close button, the palette), since no agent can reopen it. Keeping it open is the
 * default: it has the focus, and Escape or a click beside the dialog chooses it.
 */
export function ConfirmClose() {
  const closing = usePerch((s) => s.closing);
  const unsent = usePerch((s) => (s.closing && s.unsent?.key === s.closing.key ? s.unsent : null));
  const answer = usePerch((s) => s.answerClose);
  if (!closing) return null;
  const what = unsent?.reply && unsent.note ? 'both' : unsent?.note ? 'note' : 'reply';
  const keep = () => void answer(false);
  return (
    <Sheet
      className="sheet confirm-close"
      role="alertdialog"
      labelledBy="confirm-close-title"
      describedBy="confirm-close-text"
      onClose={keep}
      onEscape={keep}
    >
      <h2 id="confirm-close-title">{t('closeConfirm.title')}</h2>
      <p id="confirm-close-text">{t(`closeConfirm.${what}`)}</p>
      <div className="confirm-close-buttons">
        <button type="button" className="secondary" onClick={keep} autoFocus>
          {t('closeConfirm.keep')}
        </button>
        <button type="button" className="primary danger" onClick={() => void answer(true)}>
          {t('closeConfirm.close')}
        </button>
      </div>
    </Sheet>
  );
}
