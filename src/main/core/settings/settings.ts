import { z } from 'zod';
import { Emitter } from '../../../shared/emitter';
import { accountIdSchema } from '../../../shared/account-id-schema';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_UNDO_SEND_SECONDS,
  INBOX_SORTS,
  shortcutProblem,
  UNDO_SEND_CHOICES,
  type AgentSettings,
  type AgentSettingsChange,
  type NotificationSettings,
} from '../../../shared/settings';
import { JsonFile, type StateProblem } from '../storage/json-file';
import { pauseUntil, quietSpansEnd } from '../../../shared/quiet-hours';
import { DEFAULT_ZOOM, ZOOM_STEPS } from '../../../shared/zoom';
import { SPELL_LANGUAGES, SPELL_LANGUAGES_MAX } from '../../../shared/spelling';
import { alertSettingsSchema } from './alert-settings-schema';
import { applyAlertsChange, DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../../../shared/alerts';
import type { SettingsBackend } from '../ports';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');
const bounds = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(10000),
  height: z.number().int().min(300).max(10000),
});

const scope = z.enum(['all', 'mine-and-unassigned', 'mine', 'none']);
const quietHours = z.object({ enabled: z.boolean(), start: time, end: time });

export const settingsSchema = z.object({
  version: z.literal(2),
  notifications: z.object({
    scope,
    sound: z.boolean(),
    quietHours,
    pausedUntil: z.number().int().nullable(),
    quietHoursOffUntil: z.number().int().nullable().optional(),
    followOsDoNotDisturb: z.boolean().optional(),
    accounts: z.record(accountIdSchema, z.object({ scope, quietHours })).optional(),
  }),
  locale: z.enum(['auto', 'en', 'ru']),
  theme: z.enum(['system', 'light', 'dark']),
  startAtLogin: z.boolean(),
  startHidden: z.boolean(),
  /** Electron accelerator for "show Perch". */
  shortcut: z
    .string()
    .max(64)
    .refine((a) => shortcutProblem(a) === null, 'a shortcut with Ctrl, Alt, Cmd or Super and one key'),
  windowBounds: bounds.nullable(),
  allowPlainToken: z.boolean(),
  inboxSort: z.enum(INBOX_SORTS),
  zoomPercent: z.union(ZOOM_STEPS.map((step) => z.literal(step))),
  spellLanguages: z.array(z.enum(SPELL_LANGUAGES)).max(SPELL_LANGUAGES_MAX).nullable(),
  alerts: alertSettingsSchema,
  undoSendSeconds: z.union(UNDO_SEND_CHOICES.map((seconds) => z.literal(seconds))),
});

export type Settings = z.infer<typeof settingsSchema> & { notifications: NotificationSettings; alerts: AlertSettings };

export const DEFAULT_SETTINGS: Settings = {
  version: 2,
  notifications: DEFAULT_NOTIFICATION_SETTINGS,
  locale: 'auto',
  theme: 'system',
  startAtLogin: false,
  startHidden: false,
  shortcut: 'CommandOrControl+Shift+P',
  windowBounds: null,
  allowPlainToken: false,
  inboxSort: 'newest',
  zoomPercent: DEFAULT_ZOOM,
  spellLanguages: null,
  alerts: DEFAULT_ALERT_SETTINGS,
  undoSendSeconds: DEFAULT_UNDO_SEND_SECONDS,
};

type Raw = Record<string, unknown>;

/** Each step lifts a settings object from version N to N+1. */
export const MIGRATIONS: Record<number, (old: Raw) => Raw> = {
  // Version 1 had a flat `notify` ("all" | "mine" | "off") and `sound`.
  1: (old) => {
    const scope =
      old.notify === 'off'
        ? 'none'
        : old.notify === 'all'
          ? 'all'
          : old.notify === 'mine'
            ? 'mine'
            : DEFAULT_NOTIFICATION_SETTINGS.scope;
    const { notify: _notify, sound, ...rest } = old;
    return {
      ...rest,
      version: 2,
      notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, scope, sound: typeof sound === 'boolean' ? sound : true },
    };
  },
};

/**
 * Turns whatever was stored into valid current settings: migrated step by step, merged over
 * the defaults, and any field that fails the schema reset to its default (and reported).
 */
export function normalizeSettings(stored: unknown): { settings: Settings; problems: string[]; migrated: boolean } {
  const problems: string[] = [];
  let raw: Raw = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? { ...(stored as Raw) } : {};
  let version = typeof raw.version === 'number' ? raw.version : Object.keys(raw).length ? 1 : DEFAULT_SETTINGS.version;
  const migrated = version !== DEFAULT_SETTINGS.version;
  while (version < DEFAULT_SETTINGS.version) {
    const step = MIGRATIONS[version];
    if (!step) break;
    raw = step({ ...raw, version });
    version += 1;
  }
  const merged: Raw = { ...DEFAULT_SETTINGS, ...raw, version: DEFAULT_SETTINGS.version };
  merged.notifications = {
    ...DEFAULT_SETTINGS.notifications,
    ...(typeof raw.notifications === 'object' && raw.notifications ? (raw.notifications as Raw) : {}),
  };
  for (const key of Object.keys(settingsSchema.shape) as (keyof Settings)[]) {
    const field = settingsSchema.shape[key].safeParse(merged[key]);
    if (!field.success) {
      problems.push(`${key}: ${field.error.issues[0]?.message ?? 'invalid'}`);
      merged[key] = DEFAULT_SETTINGS[key];
    }
  }
  return { settings: settingsSchema.parse(merged) as Settings, problems, migrated };
}

export class SettingsStore {
  readonly events = new Emitter<{ changed: Settings }>();
  private current: Settings = DEFAULT_SETTINGS;

  constructor(private readonly backend: SettingsBackend<Settings>) {}

  async load(): Promise<string[]> {
    const { settings, problems, migrated } = normalizeSettings(await this.backend.read());
    this.current = settings;
    if (problems.length || migrated) await this.backend.write(settings);
    return problems;
  }

  get(): Settings {
    return this.current;
  }

  /** Applies a change; it must leave the settings valid or nothing changes. */
  async update(change: (draft: Settings) => Settings): Promise<Settings> {
    const next = settingsSchema.parse(change(structuredClone(this.current))) as Settings;
    this.current = next;
    await this.backend.write(next);
    this.events.emit('changed', next);
    return next;
  }
}

/** The part of the settings the settings screen shows. */
export function agentSettingsOf(settings: Settings): AgentSettings {
  return {
    notifications: settings.notifications,
    locale: settings.locale,
    theme: settings.theme,
    startAtLogin: settings.startAtLogin,
    startHidden: settings.startHidden,
    shortcut: settings.shortcut,
    inboxSort: settings.inboxSort,
    zoomPercent: settings.zoomPercent,
    spellLanguages: settings.spellLanguages,
    alerts: settings.alerts,
    undoSendSeconds: settings.undoSendSeconds,
  };
}

/** One change from the settings screen applied to the whole settings. */
export function applySettingsChange(settings: Settings, change: AgentSettingsChange, now: Date): Settings {
  const n = settings.notifications;
  const pausedUntil =
    change.pause === undefined ? n.pausedUntil : change.pause === 'resume' ? null : pauseUntil(change.pause, now);
  const shared = change.account === undefined;
  return {
    ...settings,
    notifications: {
      scope: shared ? (change.scope ?? n.scope) : n.scope,
      sound: change.sound ?? n.sound,
      quietHours: shared ? { ...n.quietHours, ...change.quietHours } : n.quietHours,
      pausedUntil,
      ...quietHoursOff(settings, change, now),
      followOsDoNotDisturb: change.followOsDoNotDisturb ?? n.followOsDoNotDisturb ?? true,
      ...accountNotifications(n, change),
    },
    startAtLogin: change.startAtLogin ?? settings.startAtLogin,
    startHidden: change.startHidden ?? settings.startHidden,
    shortcut: change.shortcut ?? settings.shortcut,
    locale: change.locale ?? settings.locale,
    theme: change.theme ?? settings.theme,
    inboxSort: change.inboxSort ?? settings.inboxSort,
    zoomPercent: (change.zoomPercent as Settings['zoomPercent'] | undefined) ?? settings.zoomPercent,
    spellLanguages: change.spellLanguages === undefined ? settings.spellLanguages : change.spellLanguages,
    alerts: change.alerts ? applyAlertsChange(settings.alerts, change.alerts) : settings.alerts,
    undoSendSeconds: change.undoSendSeconds ?? settings.undoSendSeconds,
  };
}

/**
 * "Notify anyway" ends the quiet hours under way, of every account, until their span ends
 * (tonight's, not the nights after); an end already past is forgotten.
 */
function quietHoursOff(
  settings: Settings,
  change: AgentSettingsChange,
  now: Date,
): Pick<NotificationSettings, 'quietHoursOffUntil'> {
  const n = settings.notifications;
  const until = change.notifyAnyway ? quietSpansEnd(n, now) : (n.quietHoursOffUntil ?? null);
  return until !== null && until > now.getTime() ? { quietHoursOffUntil: until } : {};
}

/** Per-account scope and quiet hours after a change: an account's own start from the shared ones. */
function accountNotifications(
  n: NotificationSettings,
  change: AgentSettingsChange,
): Pick<NotificationSettings, 'accounts'> {
  const accounts = { ...n.accounts };
  const id = change.account;
  if (id !== undefined) {
    if (change.followShared) delete accounts[id];
    else {
      const own = accounts[id] ?? { scope: n.scope, quietHours: n.quietHours };
      accounts[id] = { scope: change.scope ?? own.scope, quietHours: { ...own.quietHours, ...change.quietHours } };
    }
  }
  return Object.keys(accounts).length ? { accounts } : {};
}

/** Forgets the notification settings of an account that is gone. */
export function withoutAccount(settings: Settings, accountId: string): Settings {
  if (settings.alerts.accounts?.[accountId])
    settings = { ...settings, alerts: applyAlertsChange(settings.alerts, { account: accountId, followShared: true }) };
  if (!settings.notifications.accounts?.[accountId]) return settings;
  const { [accountId]: _gone, ...accounts } = settings.notifications.accounts;
  const { accounts: _all, ...notifications } = settings.notifications;
  return { ...settings, notifications: Object.keys(accounts).length ? { ...notifications, accounts } : notifications };
}

/** Settings in a JSON file: the browser host's and the tests' backend (the app uses electron-store). */
export function jsonFileSettingsBackend(
  path: string,
  onDamaged?: (problem: StateProblem) => void,
): SettingsBackend<Settings> {
  const file = new JsonFile<unknown>(path);
  return {
    // Fields that fail the schema are reset one by one in normalizeSettings; only a file that is not JSON is moved aside.
    read: async () => {
      const { value, problem } = await file.load();
      if (problem) onDamaged?.(problem);
      return value;
    },
    write: (settings) => file.write(settings),
  };
}
