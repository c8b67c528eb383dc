import type { InboxRow } from '../../shared/inbox';
import { cleanUserText } from '../../shared/text';
import { getLocale, t } from './i18n';

/** Time of a message: the clock time today, the date otherwise. */
/** Building a formatter costs far more than using one: each row of a scrolling list would pay it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, sameDay: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${sameDay}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' });
    formatters.set(key, found);
  }
  return found;
}

export function formatTime(seconds: number, now = Date.now()): string {
  const date = new Date(seconds * 1000);
  const today = new Date(now);
  const sameDay = date.getFullYear() === today.getFullYear() && date.getMonth() === today.getMonth() && date.getDate() === today.getDate();
  return formatter(getLocale(), sameDay).format(date);
}

export function initials(name: string): string {
  if (!name) return '?';
  const parts = name.replace(/[^\p{L}\p{N} ]/gu, ' ').trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/** The name to show for a row's visitor, without bidi controls (shown inside <bdi>); anonymous visitors are numbered. */
export function displayName(row: Pick<InboxRow, 'visitorName' | 'visitorId' | 'id'>): string {
  return cleanUserText(row.visitorName) || t('inbox.anonymous', { id: row.visitorId ?? row.id });
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
