import { getLocale } from '../i18n';

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
