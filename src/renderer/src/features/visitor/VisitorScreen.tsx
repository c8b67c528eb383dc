import { cleanUserText } from '../../../../shared/text';
import { LoadError } from '../../ui/LoadError';
import { displayName, formatExactTime, formatRelativeTime } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { useInvoke } from '../../store/use-invoke';
import { VisitorPanel } from './VisitorPanel';

/** One visitor from Live visitors or Leads: their profile and their conversations, each opening in the inbox. */
export function VisitorScreen() {
  const visitor = usePerch((s) => s.visitor);
  const setScreen = usePerch((s) => s.setScreen);
  const open = usePerch((s) => s.open);
  const {
    value: conversations,
    error,
    retry,
  } = useInvoke('visitor:conversations', visitor ? [visitor.accountId, visitor.id] : null);

  if (!visitor) return null;
  return (
    <section className="directory visitor-screen" aria-label={t('visitor.screen')}>
      <button type="button" className="link back" onClick={() => setScreen(visitor.from)}>
        ← {t(visitor.from === 'leads' ? 'directory.leads' : 'directory.visitors')}
      </button>
      <div className="visitor-layout">
        <VisitorPanel accountId={visitor.accountId} visitorId={visitor.id} />
        <div>
          <h2>{t('visitor.conversations')}</h2>
          {error ? <LoadError message={error} onRetry={retry} /> : null}
          {conversations === null && !error ? <p className="placeholder">{t('conversation.loading')}</p> : null}
          {conversations?.length === 0 ? <p className="placeholder">{t('visitor.noConversations')}</p> : null}
          <ul className="visitor-conversations">
            {conversations?.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  onClick={() => {
                    setScreen('inbox');
                    void open(visitor.accountId, row.id);
                  }}
                  data-conversation-id={row.id}
                >
                  <span className="row-top">
                    <span className="name">
                      <bdi>{cleanUserText(row.preview) || displayName(row)}</bdi>
                    </span>
                    <time
                      className="time"
                      dateTime={new Date(row.lastUpdate * 1000).toISOString()}
                      title={formatExactTime(row.lastUpdate)}
                    >
                      {formatRelativeTime(row.lastUpdate)}
                    </time>
                  </span>
                  <span className="row-meta">
                    <span>
                      {row.closed
                        ? t('conversation.closedBadge')
                        : row.assignee
                          ? row.assignee.name
                          : t('inbox.unassigned')}
                    </span>
                    {row.tags.map((tag) => (
                      <span key={tag} className="tag">
                        {tag}
                      </span>
                    ))}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
