import type { AccountId } from '../../../shared/accounts';
import { checkDeepLink } from '../../../shared/deep-links';
import type { Emitter } from '../../../shared/emitter';
import type { EventMap } from '../../../shared/ipc/contract';
import type { ScopedLog } from '../ports';

/**
 * Follows a `perch://open/…` link, from the OS or the browser host's page: a link to a
 * conversation of a running account opens it in the window (`conversation:navigate`, as a
 * notification's click does); any other is refused with a reason the window says in a sentence.
 * The log gets the account and conversation only, never the text of a refused link.
 */
export function followDeepLink(
  raw: string,
  accounts: {
    running: () => readonly AccountId[];
    open: (accountId: AccountId, conversationId: string) => void;
    events: Emitter<EventMap>;
  },
  log?: ScopedLog,
): void {
  const checked = checkDeepLink(raw, accounts.running());
  if (!checked.ok) {
    log?.warn('link refused', { problem: checked.problem });
    accounts.events.emit('deep-link:refused', { problem: checked.problem });
    return;
  }
  const { accountId, conversationId } = checked.target;
  log?.info('link followed', { account: accountId, conversationId });
  accounts.open(accountId, conversationId);
}
