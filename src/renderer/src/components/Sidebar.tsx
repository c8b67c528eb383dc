import { useShallow } from 'zustand/react/shallow';
import { t } from '../i18n';
import { usePerch, VIEWS, viewCount } from '../store';

export function Sidebar() {
  const view = usePerch((s) => s.view);
  const setView = usePerch((s) => s.setView);
  const account = usePerch((s) => s.account);
  const health = usePerch((s) => s.health);
  const progress = usePerch((s) => s.progress);
  const counts = usePerch(useShallow((s) => VIEWS.map((v) => viewCount(s, v))));
  const countOf = (i: number) => counts[i] ?? 0;

  return (
    <nav className="sidebar" aria-label={t('views.label')}>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span>{t('app.title')}</span>
      </div>
      <ul className="views">
        {VIEWS.map((v, i) => (
          <li key={v}>
            <button type="button" className={v === view ? 'view active' : 'view'} aria-current={v === view ? 'page' : undefined} onClick={() => setView(v)} data-view={v}>
              <span>{t(`views.${v}`)}</span>
              {countOf(i) > 0 && v !== 'closed' ? <span className="badge" aria-label={t('inbox.unread', { count: countOf(i) })}>{countOf(i)}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="sidebar-foot">
        <div className="account">{account ? (account.mode === 'sandbox' ? t('account.sandbox') : t('account.account', { appId: account.appId })) : ''}</div>
        <div className={`health health-${health}`} role="status" data-health={health}>
          <span className="dot" aria-hidden="true" />
          {t(`health.${health}`)}
        </div>
        {!progress.done && progress.loaded > 0 ? (
          <div className="progress" role="progressbar" aria-label={t('inbox.syncing', { count: progress.loaded })} aria-valuetext={String(progress.loaded)}>
            {t('inbox.syncing', { count: progress.loaded.toLocaleString() })}
          </div>
        ) : null}
      </div>
    </nav>
  );
}
