import { useEffect, useState } from 'react';
import { formatClock, formatExactTime } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';

/** Until when, in words: today's clock time, tomorrow's, or the full date further away. */
function untilText(until: number, now: number): string {
  const date = new Date(until);
  const today = new Date(now);
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const seconds = Math.floor(until / 1000);
  if (date.toDateString() === today.toDateString()) return t('paused.until', { time: formatClock(seconds) });
  if (date.toDateString() === tomorrow.toDateString()) return t('paused.untilTomorrow', { time: formatClock(seconds) });
  return t('paused.until', { time: formatExactTime(seconds) });
}

/**
 * A pause of notifications (from the tray or the settings) is visible in the window while it
 * lasts, with Resume: otherwise an agent would wait for notifications that never come.
 */
export function PausedNotice() {
  const pausedUntil = usePerch((s) => s.settings?.notifications.pausedUntil ?? null);
  const update = usePerch((s) => s.updateSettings);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (pausedUntil === null || pausedUntil <= Date.now()) return;
    // Gone by itself when the pause ends (timers cap at about 24 days).
    const timer = setTimeout(() => setNow(Date.now()), Math.min(pausedUntil - Date.now() + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [pausedUntil]);
  if (pausedUntil === null || pausedUntil <= now) return null;
  return (
    <div className="paused-notice" role="status">
      <span>{untilText(pausedUntil, now)}</span>
      <button type="button" className="link" onClick={() => void update({ pause: 'resume' })}>
        {t('paused.resume')}
      </button>
    </div>
  );
}
