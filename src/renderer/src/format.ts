import type { InboxRow } from '../../shared/inbox';
import { getLocale, t } from './i18n';

/** Time of a message: the clock time today, the date otherwise. */
export function formatTime(seconds: number, now = Date.now()): string {
  const date = new Date(seconds * 1000);
  const today = new Date(now);
  const sameDay = date.toDateString() === today.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(getLocale(), options).format(date);
}

export function initials(name: string): string {
  if (!name) return '?';
  const parts = name.replace(/[^\p{L}\p{N} ]/gu, ' ').trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/** The name to show for a row's visitor; anonymous visitors are numbered. */
export function displayName(row: Pick<InboxRow, 'visitorName' | 'visitorId' | 'id'>): string {
  return row.visitorName || t('inbox.anonymous', { id: row.visitorId ?? row.id });
}
