import { useEffect, useState } from 'react';
import { quietUntil } from '../../../../shared/quiet-hours';
import { formatClock } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';

/** How often the window looks whether quiet hours began or ended (they are set to the minute). */
const QUIET_CHECK_MS = 20_000;

/**
 * While quiet hours hold notifications back, the window says until when, with "Notify anyway"
 * (which ends tonight's quiet hours; they hold notifications again from their next start). A
 * pause says more, so its sign stands alone.
 */
export function QuietNotice() {
  const notifications = usePerch((s) => s.settings?.notifications ?? null);
  const accounts = usePerch((s) => s.accounts);
  const update = usePerch((s) => s.updateSettings);
  const [now, setNow] = useState(() => Date.now());
  const anyQuietHours =
    notifications !== null &&
    (notifications.quietHours.enabled || Object.values(notifications.accounts ?? {}).some((a) => a.quietHours.enabled));
  useEffect(() => {
    setNow(Date.now());
    if (!anyQuietHours) return;
    const timer = setInterval(() => setNow(Date.now()), QUIET_CHECK_MS);
    return () => clearInterval(timer);
  }, [anyQuietHours, notifications]);
  if (!notifications || (notifications.pausedUntil !== null && notifications.pausedUntil > now)) return null;
  const until = quietUntil(notifications, new Date(now), accounts.length ? accounts.map((a) => a.id) : undefined);
  if (until === null) return null;
  return (
    <div className="paused-notice quiet-notice" role="status">
      <span>{t('quiet.until', { time: formatClock(Math.floor(until / 1000)) })}</span>
      <button type="button" className="link" onClick={() => void update({ notifyAnyway: true })}>
        {t('quiet.notifyAnyway')}
      </button>
    </div>
  );
}
