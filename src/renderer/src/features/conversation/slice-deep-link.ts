import type { AccountId } from '../../../../shared/accounts';
import type { Id } from '../../../../shared/api/types';
import { deepLinkFor } from '../../../../shared/deep-links';
import type { PerchBridge } from '../../../../shared/ipc/contract';
import { copyText } from '../../ui/text/clipboard';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';

/** "Copy link": the conversation's `perch://open/…` link, which names its account but holds no token. */
export async function copyConversationLink(accountId: AccountId, id: Id): Promise<void> {
  const copied = await copyText(deepLinkFor(accountId, id));
  if (copied) usePerch.getState().showNotice(t('deepLink.copied'));
  else usePerch.setState({ error: t('deepLink.copyFailed') });
}

/** A link main would not follow is said in a sentence; a followed one arrives as `conversation:navigate`. */
export function listenForLinks(bridge: PerchBridge): void {
  bridge.on('deep-link:refused', ({ problem }) =>
    usePerch.setState({ error: t(problem === 'unknown-account' ? 'deepLink.unknownAccount' : 'deepLink.malformed') }),
  );
}

/**
 * The browser host takes a link as the page's `open` parameter (`/?session=…&open=perch://…`),
 * handed to main once the page listens; it leaves the address, so a reload does not follow it again.
 */
export function followPageLink(bridge: PerchBridge, location: Location = window.location): void {
  const params = new URLSearchParams(location.search);
  const link = params.get('open');
  if (link === null) return;
  params.delete('open');
  history.replaceState(history.state, '', `${location.pathname}?${params.toString()}${location.hash}`);
  void bridge.invoke('deep-link:open', link);
}
