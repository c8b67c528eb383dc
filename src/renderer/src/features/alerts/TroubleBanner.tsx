import type { AccountInfo } from '../../../../shared/ipc/contract';
import type { SyncTrouble } from '../../../../shared/inbox';
import { formatTime } from '../../ui/text/format';
import { t, tn } from '../../ui/i18n';
import { usePerch } from '../../store';
import { secondsUntil, useNow } from '../../ui/use-now';

/** One account that cannot sync: which, since when, why, what waits and when Perch tries again; Try now. */
function TroubleLine({ account, trouble, now }: { account: AccountInfo; trouble: SyncTrouble; now: number }) {
  const tryNow = usePerch((s) => s.tryNow);
  const waiting = usePerch(
    (s) => s.outbox.filter((item) => item.accountId === account.id && item.state !== 'failed').length,
  );
  const several = usePerch((s) => s.accounts.length > 1);
  const seconds = secondsUntil(trouble.nextTryAt, now);
  const sentence = t(trouble.kind === 'offline' ? 'trouble.offline' : 'trouble.server', {
    label: account.label,
    time: formatTime(Math.floor(trouble.since / 1000), now),
  });
  return (
    <div className="banner-line trouble-line" data-trouble-account={account.id}>
      <span className="trouble-text">
        <span>{sentence}</span> {waiting > 0 ? <span>{tn('trouble.waiting', waiting)} </span> : null}
        <span className="muted">{seconds === null ? t('trouble.tryingNow') : tn('trouble.nextTry', seconds)}</span>
      </span>
      <button
        type="button"
        className="primary"
        aria-label={several ? t('trouble.tryNowFor', { label: account.label }) : undefined}
        onClick={() => void tryNow(account.id)}
      >
        {t('trouble.tryNow')}
      </button>
    </div>
  );
}

/**
 * At the top of the workspace, where the agent looks: every account that cannot sync, in a
 * sentence each, with what is retried and when, and Try now (the account polls and its outbox
 * sends what waits, at once). It goes as soon as the account syncs again.
 */
export function TroubleBanner() {
  const accounts = usePerch((s) => s.accounts);
  const statuses = usePerch((s) => s.statuses);
  const troubled = accounts.flatMap((account) => {
    const trouble = account.status === 'connected' ? statuses[account.id]?.trouble : null;
    return trouble ? [{ account, trouble }] : [];
  });
  const now = useNow(troubled.length > 0);
  if (troubled.length === 0) return null;
  return (
    <section className="banner trouble-banner" aria-label={t('trouble.region')} data-trouble-banner>
      {troubled.map(({ account, trouble }) => (
        <TroubleLine key={account.id} account={account} trouble={trouble} now={now} />
      ))}
    </section>
  );
}
