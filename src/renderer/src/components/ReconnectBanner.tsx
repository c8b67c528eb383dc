import { t } from '../i18n';
import { usePerch } from '../store';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** A saved account that cannot be used right now: its token was refused, or is gone from the keychain. */
export function ReconnectBanner() {
  const session = usePerch((s) => s.session);
  const setConnectOpen = usePerch((s) => s.setConnectOpen);
  const reconnect = session?.reconnect;
  if (!reconnect || !session.welcomed) return null;
  const refused = session.account.mode === 'account';
  return (
    <div className="banner" role="alert">
      <span>{t(refused ? 'account.refused' : 'account.tokenMissing', { host: hostOf(reconnect.baseUrl) })}</span>
      <button type="button" className="primary" onClick={() => setConnectOpen(true)}>
        {t('account.reconnect')}
      </button>
    </div>
  );
}
