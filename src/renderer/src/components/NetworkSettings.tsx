import type { NetworkState } from '../../../shared/updates';
import { t } from '../i18n';
import { useInvoke } from '../hooks/use-invoke';

function proxySentence(network: NetworkState): string {
  if (network.proxySource === 'environment') return t('network.proxy.environment');
  if (network.proxy === null) return t('network.proxy.systemUnknown');
  if (/^DIRECT;?$/i.test(network.proxy)) return t('network.proxy.direct');
  return t('network.proxy.system', { proxy: network.proxy.replace(/;\s*$/, '') });
}

/** Settings → Network: which proxy and which certificates Perch uses, as the system says. */
export function NetworkSettings() {
  const { value: network } = useInvoke('network:get', []);
  if (!network) return null;
  return (
    <fieldset className="network-settings">
      <legend>{t('network.title')}</legend>
      <p>{proxySentence(network)}</p>
      <p>{t(`network.certificates.${network.certificates}`)}</p>
      {network.proxySource === 'system' ? <p className="muted">{t('network.help')}</p> : null}
    </fieldset>
  );
}
