import type { Translate } from './i18n';

/** How long a visitor has waited, as a notification and the tray say it ("waiting 4 min"); null under a minute. */
export function waitText(t: Translate, waitedSeconds: number): string | null {
  const minutes = Math.floor(waitedSeconds / 60);
  if (minutes < 1) return null;
  const duration =
    minutes < 60
      ? t('format.minutes', { n: minutes })
      : minutes < 48 * 60
        ? t('format.hours', { n: Math.floor(minutes / 60) })
        : t('format.days', { n: Math.floor(minutes / 1440) });
  return t('inbox.waiting', { duration });
}
