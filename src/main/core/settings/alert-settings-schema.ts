import { z } from 'zod';
import { accountIdSchema } from '../../../shared/account-id-schema';
import { alertVolume, escalationStep, soundChoice } from '../../../shared/ipc/channels/alerts';

export const escalationSchema = z.object({
  repeatSoundAfter: escalationStep.nullable(),
  repeatSoundEvery: escalationStep,
  flashAfter: escalationStep.nullable(),
  bringForwardAfter: escalationStep.nullable(),
});

/** The alert settings as kept in the settings file. */
export const alertSettingsSchema = z.object({
  sounds: z.object({ newConversation: soundChoice, message: soundChoice, assigned: soundChoice }),
  volume: alertVolume,
  escalation: escalationSchema,
  accounts: z.record(accountIdSchema, escalationSchema).optional(),
});
