import { describe, expect, it } from 'vitest';
import { formatSnoozeWake } from '../../../../src/renderer/src/features/conversation/snooze-time';

/** Local times: Friday 27 November 2026 at 10:15 is "now". */
const now = new Date(2026, 10, 27, 10, 15).getTime();
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).getTime();

describe('until when a snoozed row sleeps', () => {
  it('is the clock time today, the weekday within six days, the date further on (English)', () => {
    expect(formatSnoozeWake(at(27, 14, 30), now, 'en')).toBe('2:30 PM');
    expect(formatSnoozeWake(at(28, 9), now, 'en')).toBe('Sat 9:00 AM');
    expect(formatSnoozeWake(at(30, 9), now, 'en')).toBe('Mon 9:00 AM');
    expect(formatSnoozeWake(at(33, 9), now, 'en')).toBe('Thu 9:00 AM');
    // A week ahead the weekday would be today's: the date says it.
    expect(formatSnoozeWake(at(34, 9), now, 'en')).toBe('Dec 4, 9:00 AM');
    // Overdue (the core wakes it within half a minute): the date, never a weekday read as next week.
    expect(formatSnoozeWake(at(26, 18), now, 'en')).toBe('Nov 26, 6:00 PM');
  });

  it('in Russian, on the 24-hour clock', () => {
    expect(formatSnoozeWake(at(27, 14, 30), now, 'ru')).toBe('14:30');
    expect(formatSnoozeWake(at(30, 9), now, 'ru')).toBe('пн 09:00');
    expect(formatSnoozeWake(at(34, 9), now, 'ru')).toBe('4 дек., 09:00');
  });
});
