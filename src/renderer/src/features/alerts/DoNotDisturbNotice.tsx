import { useState } from 'react';
import type { AlertsStatus } from '../../../../shared/alerts';
import { useAlertsStatus } from './slice';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';

/**
 * While the OS's Do Not Disturb holds notifications back, the window says so (like a pause),
 * with "Notify anyway": otherwise an agent would wait for notifications that never come. So it
 * does when the system refused to show them.
 */
export function DoNotDisturbNotice() {
  const status = useAlertsStatus();
  return (
    <>
      <HoldingNotice status={status} />
      <RefusedNotice status={status} />
    </>
  );
}

function HoldingNotice({ status }: { status: AlertsStatus | null }) {
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

/**
 * The system refused to show a notification (an unsigned macOS build, notifications turned off
 * for Perch): said once, until the agent dismisses it; Diagnostics keeps the system's reason.
 */
function RefusedNotice({ status }: { status: AlertsStatus | null }) {
  const [dismissed, setDismissed] = useState(false);
  if (!status?.refused || dismissed) return null;
  return (
    <div className="paused-notice refused-notice" role="status">
      <span>{t('alerts.refusedNotice')}</span>
      <button type="button" className="link" onClick={() => setDismissed(true)}>
        {t('alerts.refusedDismiss')}
      </button>
    </div>
  );
}
