import { getLocale, type Locale } from '../../ui/i18n';

/** When a snooze ends, as the agent reads it: weekday, day, month and clock time in their language. */
export function formatSnoozeTime(ms: number): string {
  const ru = getLocale() === 'ru';
  return new Intl.DateTimeFormat(getLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: ru ? '2-digit' : 'numeric',
    minute: '2-digit',
    ...(ru ? { hourCycle: 'h23' as const } : {}),
  }).format(new Date(ms));
}

/** Built once per language and kind: a Snoozed list formats a time on every row. */
const wakeFormats = new Map<string, Intl.DateTimeFormat>();
function wakeFormat(locale: Locale, kind: 'clock' | 'weekday' | 'date'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let found = wakeFormats.get(key);
  if (!found) {
    // Clock times in the language's own convention: 24-hour in Russian, whatever the OS region says.
    const clock: Intl.DateTimeFormatOptions =
      locale === 'ru'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : { hour: 'numeric', minute: '2-digit' };
    const day: Intl.DateTimeFormatOptions =
      kind === 'clock' ? {} : kind === 'weekday' ? { weekday: 'short' } : { day: 'numeric', month: 'short' };
    found = new Intl.DateTimeFormat(locale, { ...day, ...clock });
    wakeFormats.set(key, found);
  }
  return found;
}

/**
 * When a snoozed row wakes, as short as it can be said: the clock time today ("14:30"), the
 * weekday within the next six days ("Mon 09:00"), the date further on ("3 Dec, 09:00").
 */
export function formatSnoozeWake(ms: number, now = Date.now(), locale: Locale = getLocale()): string {
  const wake = new Date(ms);
  const today = new Date(now);
  const startOfDay = (days: number) =>
    new Date(today.getFullYear(), today.getMonth(), today.getDate() + days).getTime();
  const ahead = ms >= startOfDay(0);
  const kind = ahead && ms < startOfDay(1) ? 'clock' : ahead && ms < startOfDay(7) ? 'weekday' : 'date';
  return wakeFormat(locale, kind).format(wake);
}

/** A local time as a datetime-local input holds it (minutes). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as a time, or null when it holds none. */
export function fromLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const time = new Date(y!, mo! - 1, d!, h!, mi!).getTime();
  return Number.isFinite(time) ? time : null;
}
