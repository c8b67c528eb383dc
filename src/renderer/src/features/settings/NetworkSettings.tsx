import type { NetworkState } from '../../../../shared/updates';
import { readProxyAnswer } from '../../../../shared/proxy-answer';
import { t } from '../../ui/i18n';
import { useInvoke } from '../../store/use-invoke';

function proxySentence(network: NetworkState): string {
  if (network.proxySource === 'environment') return t('network.proxy.environment');
  if (network.proxy === null) return t('network.proxy.systemUnknown');
  const route = readProxyAnswer(network.proxy);
  if (route.proxies.length === 0) return t('network.proxy.direct');
  const proxy = route.proxies.join(', ');
  return t(route.thenDirect ? 'network.proxy.systemThenDirect' : 'network.proxy.system', { proxy });
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
