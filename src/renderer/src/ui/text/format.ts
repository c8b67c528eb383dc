import { unnamedVisitor, type InboxRow } from '../../../../shared/inbox';
import { cleanUserText } from '../../../../shared/text';
import { getLocale, t } from '../i18n';

/** Clock times in the language's own convention: 24-hour in Russian, whatever the OS region says. */
function clockOptions(): Intl.DateTimeFormatOptions {
  return getLocale() === 'ru'
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { hour: 'numeric', minute: '2-digit' };
}

/** Building a formatter costs far more than using one: each row of a scrolling list would pay it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${getLocale()}|${kind}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(getLocale(), options);
    formatters.set(key, found);
  }
  return found;
}

const sameDate = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Time of a message: the clock time today, the date otherwise. */
export function formatTime(seconds: number, now = Date.now()): string {
  const date = new Date(seconds * 1000);
  return sameDate(date, new Date(now))
    ? formatter('clock', clockOptions()).format(date)
    : formatter('date', { day: 'numeric', month: 'short' }).format(date);
}

/** The clock time alone: 14:30 in Russian, 2:30 PM in English. */
export function formatClock(seconds: number): string {
  return formatter('clock', clockOptions()).format(new Date(seconds * 1000));
}

/** The exact date and time, for a hover title beside a relative time. */
export function formatExactTime(seconds: number): string {
  return formatter('exact', { year: 'numeric', month: 'long', day: 'numeric', ...clockOptions() }).format(
    new Date(seconds * 1000),
  );
}

/** How long ago, as a glance reads it: now, 5 min, 2 h, yesterday, then the date. */
export function formatRelativeTime(seconds: number, now = Date.now()): string {
  const ago = Math.max(0, Math.floor(now / 1000) - seconds);
  if (ago < 60) return t('time.now');
  if (ago < 3600) return t('format.minutes', { n: Math.floor(ago / 60) });
  const date = new Date(seconds * 1000);
  const today = new Date(now);
  if (sameDate(date, today)) return t('format.hours', { n: Math.floor(ago / 3600) });
  if (sameDate(date, new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1))) return t('time.yesterday');
  return date.getFullYear() === today.getFullYear()
    ? formatter('date', { day: 'numeric', month: 'short' }).format(date)
    : formatter('date-year', { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

export function initials(name: string): string {
  if (!name) return '?';
  const parts = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .trim()
    .split(/\s+/);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/** The name to show for a row's visitor, without bidi controls (shown inside <bdi>); unnamed ones by city or a short number. */
export function displayName(row: Pick<InboxRow, 'visitorName' | 'visitorId' | 'id' | 'visitorCity'>): string {
  return (
    cleanUserText(row.visitorName) ||
    cleanUserText(unnamedVisitor(t, { id: row.visitorId, city: row.visitorCity }, row.id))
  );
}

/** A wait in the largest whole unit: 12 min, 3 h, 2 d. */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  if (minutes < 60) return t('format.minutes', { n: minutes });
  if (minutes < 48 * 60) return t('format.hours', { n: Math.floor(minutes / 60) });
  return t('format.days', { n: Math.floor(minutes / 1440) });
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Builds, after the first screen, the date formats older rows and hovered times need: the first
 * date format costs ~20 ms (the browser builds the language's date patterns), which a frame of
 * scrolling should not pay.
 */
export function prepareFormats(): void {
  formatExactTime(Date.now() / 1000);
  formatRelativeTime(Date.now() / 1000 - 7 * 86_400);
}
