import { z } from 'zod';
import { accountIdSchema } from '../../account-id-schema';
import {
  ALERT_SOUNDS,
  ESCALATION_MAX_SECONDS,
  ESCALATION_MIN_SECONDS,
  type AlertEntry,
  type AlertsChange,
  type AlertsStatus,
  type SoundRequest,
} from '../../alerts';
import { returns, type EventDeclarations, type InvokeDeclarations } from './declare';

/** What Diagnostics shows of alerts: whether the OS holds them back, and the record of every decision. */
export interface AlertsReport {
  status: AlertsStatus;
  /** Newest first, the last few hundred, with no message text and no token. */
  record: AlertEntry[];
}

/** A step of the escalation in seconds, or null for off. */
export const escalationStep = z.number().int().min(ESCALATION_MIN_SECONDS).max(ESCALATION_MAX_SECONDS);
export const soundChoice = z.enum([...ALERT_SOUNDS, 'none']);
export const alertVolume = z.number().int().min(0).max(100);

/** A change of the alert settings, as `settings:update` accepts it. */
export const alertsChange: z.ZodType<AlertsChange> = z.strictObject({
  account: accountIdSchema.optional(),
  followShared: z.literal(true).optional(),
  escalation: z
    .strictObject({
      repeatSoundAfter: escalationStep.nullable().optional(),
      repeatSoundEvery: escalationStep.optional(),
      flashAfter: escalationStep.nullable().optional(),
      bringForwardAfter: escalationStep.nullable().optional(),
    })
    .optional(),
  sounds: z
    .strictObject({
      newConversation: soundChoice.optional(),
      message: soundChoice.optional(),
      assigned: soundChoice.optional(),
    })
    .optional(),
  volume: alertVolume.optional(),
});

export const alertsInvoke = {
  /** Why was I (not) notified: every decision about a visitor message, and the OS's Do Not Disturb. */
  'alerts:get': { args: z.tuple([]), result: returns<AlertsReport>() },
} satisfies InvokeDeclarations;

export const alertsEvents = {
  /** The OS's Do Not Disturb started or stopped holding notifications back. */
  'alerts:changed': returns<AlertsStatus>(),
  /** Main asks the window to play one of Perch's sounds (it plays while hidden in the tray too). */
  'alerts:sound': returns<SoundRequest>(),
} satisfies EventDeclarations;
