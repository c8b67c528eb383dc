import { t } from './i18n';

/** What could not be read, in a sentence, with Retry where trying again makes sense. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="load-error" role="alert">
      <span className="error">{message}</span>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      ) : null}
    </div>
  );
}
