import { useAlertsStatus } from '../state/alerts-store';
import { t } from '../i18n';
import { usePerch } from '../state/store';

/**
 * While the OS's Do Not Disturb holds notifications back, the window says so (like a pause),
 * with "Notify anyway": otherwise an agent would wait for notifications that never come.
 */
export function DoNotDisturbNotice() {
  const status = useAlertsStatus();
  const update = usePerch((s) => s.updateSettings);
  if (!status?.holding) return null;
  return (
    <div className="paused-notice dnd-notice" role="status">
      <span>{t('alerts.dndHolding')}</span>
      <button type="button" className="link" onClick={() => void update({ followOsDoNotDisturb: false })}>
        {t('alerts.dndNotifyAnyway')}
      </button>
    </div>
  );
}
