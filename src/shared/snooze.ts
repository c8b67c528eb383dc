import type { Id } from './api/types';

/** A conversation put aside until a time, with an optional note: a reminder when it has one. */
export interface Snooze {
  conversationId: Id;
  /** When it comes back (ms since the epoch, wall time). */
  until: number;
  /** What the agent wanted to remember; empty for a plain snooze. */
  note: string;
  /**
   * The newest part the agent had seen when snoozing: only a visitor message after it brings the
   * conversation back (one already on screen does not). Null: any.
   */
  seenPart: Id | null;
}

/** Why a snoozed conversation came back. */
export type SnoozeReturn = 'time' | 'visitor';

/** A snooze that ended, for the notification and the reminder shown in the window. */
export interface SnoozeReturned extends Snooze {
  because: SnoozeReturn;
}

export const SNOOZE_NOTE_MAX = 500;
/** A snooze reaches at most this far ahead. */
export const SNOOZE_MAX_AHEAD_MS = 366 * 24 * 3600_000;

export type SnoozePreset = 'hour' | 'evening' | 'tomorrow' | 'next-week';
export const SNOOZE_PRESETS: SnoozePreset[] = ['hour', 'evening', 'tomorrow', 'next-week'];

/** Evenings start, and mornings begin, at these local hours. */
const EVENING_HOUR = 18;
const MORNING_HOUR = 9;

/**
 * The presets the snooze menu offers at `now`: "This evening" only before the evening begins,
 * since from then on it would mean tomorrow's (which "Tomorrow" at 9:00 sits beside).
 */
export function snoozePresetsAt(now: Date): SnoozePreset[] {
  return SNOOZE_PRESETS.filter((preset) => preset !== 'evening' || now.getHours() < EVENING_HOUR);
}

/**
 * When a preset ends, in the agent's local time: in an hour; this evening at 18:00 (tomorrow's
 * when it is already evening); tomorrow at 9:00; next Monday at 9:00.
 */
export function snoozePresetTime(preset: SnoozePreset, now: Date): number {
  const at = (days: number, hour: number) => {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, 0, 0, 0);
    return d.getTime();
  };
  switch (preset) {
    case 'hour':
      return now.getTime() + 3600_000;
    case 'evening':
      return now.getHours() < EVENING_HOUR ? at(0, EVENING_HOUR) : at(1, EVENING_HOUR);
    case 'tomorrow':
      return at(1, MORNING_HOUR);
    case 'next-week': {
      const daysToMonday = (8 - now.getDay()) % 7 || 7;
      return at(daysToMonday, MORNING_HOUR);
    }
  }
}
