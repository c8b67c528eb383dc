import { useShallow } from 'zustand/react/shallow';
import type { AccountId } from '../../../../shared/accounts';
import type { ChannelSummary } from '../../../../shared/directory';
import { isRunning } from '../accounts/selectors';
import { useDirectory } from '../directory/index';
import { t, tn } from '../../ui/i18n';
import { usePerch } from '../../store';
import { AccountChip, useAccountShown } from '../accounts/index';

/**
 * The channels of the accounts the inbox shows: every running account's under "All accounts",
 * one account's when the sidebar filters by it. Channel IDs are an account's own, so a channel
 * narrows the inbox to that account's conversations in it.
 */
export function SidebarChannels() {
  const accountFilter = usePerch((s) => s.accountFilter);
  const running = usePerch(useShallow((s) => s.accounts.filter(isRunning).map((a) => a.id)));
  const byAccount = useDirectory((s) => s.channelsByAccount);
  const shown = accountFilter === null ? running : running.filter((id) => id === accountFilter);
  return (
    <>
      {shown.map((accountId) =>
        byAccount[accountId]?.length ? (
          <AccountChannels key={accountId} accountId={accountId} channels={byAccount[accountId]} />
        ) : null,
      )}
    </>
  );
}

function AccountChannels({ accountId, channels }: { accountId: AccountId; channels: ChannelSummary[] }) {
  // With several accounts, each list is named by its account beside the heading.
  const account = useAccountShown(accountId);
  const channel = usePerch((s) => (s.channelAccount === null || s.channelAccount === accountId ? s.channel : null));
  const setChannel = usePerch((s) => s.setChannel);
  return (
    <>
      <h2 className="section">
        {t('directory.channels')}
        <AccountChip account={account} />
      </h2>
      <ul className="views">
        {channels.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={channel === c.id ? 'view active' : 'view'}
              aria-pressed={channel === c.id}
              onClick={() => setChannel(channel === c.id ? null : c.id, accountId)}
              data-channel={c.id}
              data-channel-account={accountId}
              title={t('directory.channelCounts', { notRead: c.notRead, notAssigned: c.notAssigned })}
            >
              <span>{c.name}</span>
              <span className="counts">
                {c.notRead > 0 ? (
                  <span
                    className="badge"
                    aria-label={tn('directory.notReadCount', c.notRead)}
                    title={tn('directory.notReadCount', c.notRead)}
                  >
                    {c.notRead}
                  </span>
                ) : null}
                {c.notAssigned > 0 ? (
                  <span
                    className="badge subtle"
                    aria-label={t('directory.notAssigned', { count: c.notAssigned })}
                    title={t('directory.notAssigned', { count: c.notAssigned })}
                  >
                    {c.notAssigned}
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
