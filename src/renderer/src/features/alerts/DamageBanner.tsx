import type { DamagedStateFile } from '../../../../shared/ipc/contract';
import type { MessageKey } from '../../../../shared/i18n';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';

const SENTENCE: Record<DamagedStateFile['file'], MessageKey> = {
  demo: 'damage.demo',
  outbox: 'damage.outbox',
  'inbox-cache': 'damage.inboxCache',
  account: 'damage.account',
  settings: 'damage.settings',
  credentials: 'damage.credentials',
  snoozes: 'damage.snoozes',
  search: 'damage.search',
};

/** One sentence per damaged file: what Perch kept, and where the damaged copy is. */
export function damageSentence(damaged: DamagedStateFile): string {
  const key =
    (damaged.file === 'outbox' || damaged.file === 'snoozes') && (damaged.kept === null || damaged.total === null)
      ? damaged.file === 'outbox'
        ? 'damage.outboxUnreadable'
        : 'damage.snoozesUnreadable'
      : SENTENCE[damaged.file];
  const what = t(key, { kept: damaged.kept ?? 0, total: damaged.total ?? 0 });
  return damaged.movedTo ? `${what} ${t('damage.where', { path: damaged.movedTo })}` : what;
}

/** State files found damaged at start: said once, in the look of the reconnect banner, until dismissed. */
export function DamageBanner() {
  const damaged = usePerch((s) => s.accountsState?.damaged);
  const dismiss = usePerch((s) => s.dismissDamage);
  if (!damaged?.length) return null;
  return (
    <div className="banner damage" role="alert">
      <span className="damage-lines">
        {damaged.map((d, i) => (
          <span key={i}>{damageSentence(d)}</span>
        ))}
      </span>
      <button type="button" className="primary" onClick={() => void dismiss()}>
        {t('damage.dismiss')}
      </button>
    </div>
  );
}
