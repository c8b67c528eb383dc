import { useEffect } from 'react';
import { t } from '../ui/i18n';
import { usePerch } from '../store';

const SHOWN_MS = 6000;

/** The last error or notice, until dismissed or a few seconds pass. */
export function Toasts() {
  const error = usePerch((s) => s.error);
  const notice = usePerch((s) => s.notice);
  const dismissMessages = usePerch((s) => s.dismissMessages);
  useEffect(() => {
    if (!error && !notice) return;
    const timer = setTimeout(dismissMessages, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [error, notice]);
  if (!error && !notice) return null;
  return (
    <div className={error ? 'toast error' : 'toast notice'} role={error ? 'alert' : 'status'}>
      <span>{error ?? notice}</span>
      <button type="button" className="link" aria-label={t('toast.dismiss')} onClick={dismissMessages}>
        ×
      </button>
    </div>
  );
}
