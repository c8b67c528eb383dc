import { z } from 'zod';
import {
  INBOX_SORTS,
  shortcutProblem,
  UNDO_SEND_CHOICES,
  type AgentSettings,
  type AgentSettingsChange,
} from '../../settings';
import { accountIdSchema } from '../../account-id-schema';
import { SPELL_LANGUAGES, SPELL_LANGUAGES_MAX } from '../../spelling';
import { isZoomPercent } from '../../zoom';
import { returns, type EventDeclarations, type InvokeDeclarations } from './declare';
import { alertsChange } from './alerts';

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');
/** An Electron accelerator: modifiers and one key joined by "+", with Ctrl, Alt, Cmd or Super (or empty for none). */
const accelerator = z
  .string()
  .max(64)
  .regex(/^([A-Za-z0-9]+(\+[A-Za-z0-9]+)*)?$/, 'must be keys joined by +, like CommandOrControl+Shift+P')
  .refine(
    (a) => shortcutProblem(a) !== 'format',
    'must be modifiers and one key joined by +, like CommandOrControl+Shift+P',
  )
  .refine(
    (a) => shortcutProblem(a) !== 'modifier',
    'needs Ctrl, Alt, Cmd or Super with the key, like CommandOrControl+Shift+P',
  );
const settingsChange: z.ZodType<AgentSettingsChange> = z.strictObject({
  account: accountIdSchema.optional(),
  followShared: z.literal(true).optional(),
  scope: z.enum(['all', 'mine-and-unassigned', 'mine', 'none']).optional(),
  sound: z.boolean().optional(),
  followOsDoNotDisturb: z.boolean().optional(),
  quietHours: z
    .strictObject({ enabled: z.boolean().optional(), start: clock.optional(), end: clock.optional() })
    .optional(),
  pause: z.enum(['hour', 'tomorrow', 'resume']).optional(),
  notifyAnyway: z.literal(true).optional(),
  startAtLogin: z.boolean().optional(),
  startHidden: z.boolean().optional(),
  shortcut: accelerator.optional(),
  locale: z.enum(['auto', 'en', 'ru']).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
  inboxSort: z.enum(INBOX_SORTS).optional(),
  zoomPercent: z.number().refine(isZoomPercent, 'must be one of the zoom steps, 50 to 200').optional(),
  spellLanguages: z
    .array(z.enum(SPELL_LANGUAGES))
    .max(SPELL_LANGUAGES_MAX)
    .refine((list) => new Set(list).size === list.length, 'each language once')
    .nullable()
    .optional(),
  alerts: alertsChange.optional(),
  undoSendSeconds: z.union(UNDO_SEND_CHOICES.map((seconds) => z.literal(seconds))).optional(),
});

/** The agent's settings, kept by main. */
export const settingsInvoke = {
  'settings:get': { args: z.tuple([]), result: returns<AgentSettings>() },
  'settings:update': { args: z.tuple([settingsChange]), result: returns<AgentSettings>() },
} satisfies InvokeDeclarations;

export const settingsEvents = {
  /** Settings changed here or elsewhere (the tray menu pauses notifications too). */
  'settings:changed': returns<AgentSettings>(),
} satisfies EventDeclarations;
