import type { AccountId } from './accounts';
import { notificationSettingsFor, type NotificationSettings, type QuietHours } from './settings';

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Whether local time `now` falls in the quiet span (which may cross midnight). */
export function inQuietHours(quiet: QuietHours, now: Date): boolean {
  if (!quiet.enabled) return false;
  const at = now.getHours() * 60 + now.getMinutes();
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? at >= start && at < end : at >= start || at < end;
}

/** When the quiet span `now` falls in ends: the next `end` clock time after now, local time (epoch ms). */
export function quietSpanEnd(quiet: QuietHours, now: Date): number {
  const end = minutesOf(quiet.end);
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.floor(end / 60), end % 60);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at.getTime();
}

/** Whether quiet hours hold notifications now: in the span, unless "Notify anyway" ended tonight's. */
export function quietNow(settings: NotificationSettings, now: Date): boolean {
  if (settings.quietHoursOffUntil != null && now.getTime() < settings.quietHoursOffUntil) return false;
  return inQuietHours(settings.quietHours, now);
}

/**
 * When the quiet hours under way end: the latest end among the spans quiet now, or null when
 * none is. Of these accounts (each with its own quiet hours or the shared ones), else of every
 * span the settings hold.
 */
export function quietSpansEnd(
  settings: NotificationSettings,
  now: Date,
  accounts?: readonly AccountId[],
): number | null {
  const spans = accounts
    ? accounts.map((id) => notificationSettingsFor(settings, id).quietHours)
    : [settings.quietHours, ...Object.values(settings.accounts ?? {}).map((own) => own.quietHours)];
  const ends = spans.filter((quiet) => inQuietHours(quiet, now)).map((quiet) => quietSpanEnd(quiet, now));
  return ends.length ? Math.max(...ends) : null;
}

/** Until when quiet hours hold notifications (as {@link quietSpansEnd}), or null: none under way, or "Notify anyway" ended them. */
export function quietUntil(settings: NotificationSettings, now: Date, accounts?: readonly AccountId[]): number | null {
  if (settings.quietHoursOffUntil != null && now.getTime() < settings.quietHoursOffUntil) return null;
  return quietSpansEnd(settings, now, accounts);
}

/** The end of a pause "for an hour" or "until tomorrow" (08:00 next morning, local time). */
export function pauseUntil(kind: 'hour' | 'tomorrow', now: Date): number {
  if (kind === 'hour') return now.getTime() + 3600_000;
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(8, 0, 0, 0);
  return next.getTime();
}
