import type { AccountId } from '../../../../shared/accounts';
import { LoadError } from '../../ui/LoadError';
import type { Id } from '../../../../shared/api/types';
import { cleanUserText } from '../../../../shared/text';
import { formatExactTime, formatRelativeTime } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { useInvoke } from '../../store/use-invoke';

/**
 * The visitor's other conversations, newest first, in the visitor panel beside a conversation
 * (one read of the platform's user conversations endpoint per visitor): each opens in Perch.
 */
export function VisitorHistory({
  accountId,
  visitorId,
  currentId,
}: {
  accountId: AccountId;
  visitorId: Id;
  currentId: Id;
}) {
  const open = usePerch((s) => s.open);
  const { value, error, retry } = useInvoke('visitor:conversations', [accountId, visitorId]);
  const others = value?.filter((row) => row.id !== currentId) ?? null;
  return (
    <section className="visitor-history" aria-labelledby="visitor-history-title">
      <h3 id="visitor-history-title">{t('history.title')}</h3>
      {error ? <LoadError message={error} onRetry={retry} /> : null}
      {others === null && !error ? <p className="placeholder">{t('conversation.loading')}</p> : null}
      {others?.length === 0 ? <p className="muted">{t('history.none')}</p> : null}
      {others?.length ? (
        <ul>
          {others.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                onClick={() => void open(accountId, row.id)}
                data-history-id={row.id}
                title={t('history.open', { time: formatExactTime(row.lastUpdate) })}
              >
                <span className="history-top">
                  <time dateTime={new Date(row.lastUpdate * 1000).toISOString()}>
                    {formatRelativeTime(row.lastUpdate)}
                  </time>
                  <span className="muted">
                    {row.closed
                      ? t('conversation.closedBadge')
                      : row.snoozedUntil !== undefined
                        ? t('views.snoozed')
                        : row.assignee
                          ? row.assignee.name
                          : t('inbox.unassigned')}
                  </span>
                </span>
                <bdi className="history-preview">{cleanUserText(row.preview)}</bdi>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
