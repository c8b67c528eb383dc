import type { AccountInfo } from '../../../../shared/ipc/contract';
import { healthOf } from './accounts-view';
import { t, tn } from '../../ui/i18n';
import { usePerch } from '../../store';

/** Unread open conversations of one account (or all): the badge beside it. */
function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const words = tn('inbox.unreadConversations', count);
  return (
    <span className="badge" aria-label={words} title={words}>
      {count}
    </span>
  );
}

/** One account in the sidebar's filter: its colour, label, unread count and, when it is not syncing well, its health. */
function AccountItem({ account, active }: { account: AccountInfo; active: boolean }) {
  const status = usePerch((s) => s.statuses[account.id]);
  const choose = usePerch((s) => s.setAccountFilter);
  const openConnect = usePerch((s) => s.openConnect);
  const health = healthOf(account, status);
  const word = health === 'reconnect' ? t('accounts.needsReconnect') : t(`health.${health}`);
  return (
    <li className="account-item">
      <button
        type="button"
        className={active ? 'view active' : 'view'}
        aria-pressed={active}
        onClick={() => choose(active ? null : account.id)}
        data-account-filter={account.id}
        data-health={health}
        title={`${account.label}: ${word}`}
      >
        <span className="account-name">
          <span className={`account-dot account-${account.color}`} aria-hidden="true" />
          <span className="account-text">
            <bdi>{account.label}</bdi>
            {health !== 'ok' ? (
              <span className={`health-word health-${health}`}>
                <span className="dot" aria-hidden="true" />
                {word}
              </span>
            ) : null}
          </span>
        </span>
        <span className="counts">
          <UnreadBadge count={status?.totals.all ?? 0} />
        </span>
      </button>
      {health === 'reconnect' ? (
        <button
          type="button"
          className="link reconnect-link"
          onClick={() => openConnect(account)}
          aria-label={`${t('accounts.reconnect')}: ${account.label}`}
        >
          {t('accounts.reconnect')}
        </button>
      ) : null}
    </li>
  );
}

/** With more than one account: All accounts, then each account, narrowing the views and counts to it. */
export function AccountFilter() {
  const accounts = usePerch((s) => s.accounts);
  const filter = usePerch((s) => s.accountFilter);
  const total = usePerch((s) => s.totals.all);
  const choose = usePerch((s) => s.setAccountFilter);
  if (accounts.length < 2) return null;
  return (
    <>
      <h2 className="section" id="account-filter-label">
        {t('accounts.title')}
      </h2>
      <ul className="views accounts-filter" aria-labelledby="account-filter-label">
        <li>
          <button
            type="button"
            className={filter === null ? 'view active' : 'view'}
            aria-pressed={filter === null}
            onClick={() => choose(null)}
            data-account-filter="all"
          >
            <span>{t('accounts.all')}</span>
            <UnreadBadge count={total} />
          </button>
        </li>
        {accounts.map((account) => (
          <AccountItem key={account.id} account={account} active={filter === account.id} />
        ))}
      </ul>
    </>
  );
}

/** At the foot: the account (or how many), the way to the accounts screen, and to connect one from the demo. */
export function AccountBox() {
  const accounts = usePerch((s) => s.accounts);
  const openSheet = usePerch((s) => s.openSheet);
  const openConnect = usePerch((s) => s.openConnect);
  if (accounts.length === 0) return null;
  const only: AccountInfo | undefined = accounts.length === 1 ? accounts[0] : undefined;
  const demoOnly = only?.mode === 'sandbox';
  return (
    <div className="account">
      <span title={only && !demoOnly ? only.baseUrl : undefined}>
        {only ? <bdi>{only.label}</bdi> : tn('accounts.count', accounts.length)}
      </span>
      {demoOnly ? (
        <button type="button" className="link" onClick={() => openConnect()}>
          {t('account.connect')}
        </button>
      ) : null}
      <button type="button" className="link" onClick={() => openSheet('accounts')} data-accounts-open>
        {t('accounts.title')}
      </button>
    </div>
  );
}
