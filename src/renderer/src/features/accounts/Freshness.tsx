import type { SyncHealth } from '../../../../shared/inbox';
import { isRunning } from './accounts-view';
import { freshnessOfAccounts, freshnessText } from './freshness-text';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { useNow } from '../../ui/use-now';

/** Every running account's freshness, the least fresh first. */
function useFreshness() {
  const accounts = usePerch((s) => s.accounts);
  const statuses = usePerch((s) => s.statuses);
  const now = useNow(true);
  const running = accounts.filter(isRunning);
  return { list: freshnessOfAccounts(running, statuses, now), now, several: running.length > 1 };
}

/**
 * Under the sync status: the accounts that are not up to date, and how fresh each is ("Synced
 * 40 s ago", "Stale since 14:02"). Not a live region: it ticks every second.
 */
export function SidebarFreshness() {
  const { list, now, several } = useFreshness();
  const behind = list.filter((f) => f.freshness.kind === 'synced' || f.freshness.kind === 'stale');
  if (behind.length === 0) return null;
  return (
    <ul className="freshness" aria-label={t('freshness.title')}>
      {behind.map(({ account, freshness }) => (
        <li key={account.id} data-freshness={freshness.kind}>
          {several
            ? t('freshness.account', { account: account.label, state: freshnessText(freshness, now) })
            : freshnessText(freshness, now)}
        </li>
      ))}
    </ul>
  );
}

/** The worst freshness for the sync status: a stale account is never "Up to date". */
function useStaleText(): string | null {
  const { list, now, several } = useFreshness();
  const worst = list[0];
  if (!worst || worst.freshness.kind !== 'stale') return null;
  const text = freshnessText(worst.freshness, now);
  return several ? t('freshness.account', { account: worst.account.label, state: text }) : text;
}

/** The sync status: how the accounts sync, and while they all answer, whether one has gone stale. */
export function HealthLine({ health }: { health: SyncHealth }) {
  const staleText = useStaleText();
  const stale = health === 'ok' && staleText !== null;
  return (
    <div
      className={`health health-${health}${stale ? ' health-stale' : ''}`}
      role="status"
      data-health={health}
      data-freshness={stale ? 'stale' : undefined}
    >
      <span className="dot" aria-hidden="true" />
      {stale ? staleText : t(`health.${health}`)}
    </div>
  );
}

/** Diagnostics: each account's freshness. */
export function FreshnessSection() {
  const { list, now } = useFreshness();
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="diagnostics-freshness">
      <h3 id="diagnostics-freshness">{t('freshness.title')}</h3>
      <ul className="diagnostics-live">
        {list.map(({ account, freshness }) => (
          <li key={account.id} data-freshness={freshness.kind}>
            {t('freshness.account', { account: account.label, state: freshnessText(freshness, now) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
