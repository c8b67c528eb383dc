import { BROWSER_TAB_HOST, type HostCapabilities } from '../../../shared/host';
import type { NetworkState, ProxyCredentials, UpdateState } from '../../../shared/updates';
import type { ProxySignIn } from '../network/proxy-sign-in';
import type { ContractHandlers } from '../contract/contract-dispatch';
import type { UpdateController } from '../updates/update-controller';

export type DesktopChannel =
  | 'updates:get'
  | 'updates:check'
  | 'updates:download'
  | 'updates:skip'
  | 'updates:restart'
  | 'updates:set'
  | 'network:get'
  | 'network:proxy-prompts'
  | 'network:proxy-answer'
  | 'host:get';

/** What the host answers about itself rather than about accounts: its updates, its network and what it can do. */
export type DesktopHandlers = Pick<ContractHandlers, DesktopChannel>;

/** Node's own network: proxies from HTTP(S)_PROXY, Node's bundled certificates. */
export const NODE_NETWORK: NetworkState = { proxySource: 'environment', proxy: null, certificates: 'bundled' };

/** The updates of a host that has none (the browser host without a feed). */
export function updatesUnsupported(currentVersion: string): UpdateState {
  return {
    phase: 'off',
    currentVersion,
    version: null,
    releaseNotes: null,
    checkedAt: null,
    channel: 'stable',
    autoDownload: false,
    skippedVersion: null,
    managed: { enabled: false, channel: false, autoDownload: false },
    offReason: 'unsupported',
    error: null,
    writesPending: 0,
  };
}

export function desktopHandlers(
  updates: UpdateController | null,
  options: {
    currentVersion: string;
    network: () => Promise<NetworkState>;
    proxySignIn?: ProxySignIn;
    /** What this host can do (default: a browser tab's, nothing of the desktop app's). */
    host?: HostCapabilities;
  },
): DesktopHandlers {
  const off = async () => updatesUnsupported(options.currentVersion);
  const { proxySignIn } = options;
  const proxy = {
    'network:get': options.network,
    'network:proxy-prompts': async () => proxySignIn?.pending() ?? [],
    'network:proxy-answer': async (id: number, credentials: ProxyCredentials | null) =>
      proxySignIn?.answer(id, credentials) ?? false,
    'host:get': async () => options.host ?? BROWSER_TAB_HOST,
  };
  if (!updates)
    return {
      'updates:get': off,
      'updates:check': off,
      'updates:download': off,
      'updates:skip': off,
      'updates:restart': off,
      'updates:set': off,
      ...proxy,
    };
  return {
    'updates:get': async () => updates.state(),
    'updates:check': () => updates.check(),
    'updates:download': () => updates.download(),
    'updates:skip': () => updates.skip(),
    'updates:restart': () => updates.restart(),
    'updates:set': (change) => updates.setPreferences(change),
    ...proxy,
  };
}
