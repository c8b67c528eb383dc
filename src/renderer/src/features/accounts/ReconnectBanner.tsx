import { useShallow } from 'zustand/react/shallow';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Accounts that cannot be used right now, each named: its token was refused, is gone from the keychain, or its address is plain http. */
export function ReconnectBanner() {
  const welcomed = usePerch((s) => s.accountsState?.welcomed === true);
  const waiting = usePerch(useShallow((s) => s.accounts.filter((a) => a.status !== 'connected')));
  const openConnect = usePerch((s) => s.openConnect);
  if (!welcomed || waiting.length === 0) return null;
  return (
    <div className="banner reconnect-banner" role="alert">
      {waiting.map((account) => (
        <div key={account.id} className="banner-line" data-reconnect-account={account.id}>
          <span>
            {t(`accounts.banner.${account.status as 'refused' | 'no-token' | 'insecure'}`, {
              label: account.label,
              host: hostOf(account.baseUrl),
            })}
          </span>
          <button type="button" className="primary" onClick={() => openConnect(account)}>
            {t('account.reconnect')}
          </button>
        </div>
      ))}
    </div>
  );
}
