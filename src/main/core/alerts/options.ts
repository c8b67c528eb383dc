import type { AlertSettings } from '../../../shared/alerts';
import type { AlertLadder } from './alert-ladder';
import type { AlertRecord } from './alert-record';

/** The alerts' choices in a workspace's options. */
export interface AlertChoices {
  /** Perch's sounds and the escalation, one for every account; without it the OS's notification sound alone. */
  alerts?: AlertLadder;
  /** The sounds, volume and escalation chosen in settings, read at each step. */
  alertSettings?: () => AlertSettings;
  /** Where each decision about a visitor message is recorded, for Diagnostics (default: one of its own). */
  alertRecord?: AlertRecord;
}
