import type { AccountId } from './accounts';
import type { SpellLanguage } from './spelling';
import type { AlertSettings, AlertsChange } from './alerts';

/** The agent's own settings that both sides see: notifications and how Perch starts. */

export type NotifyScope = 'all' | 'mine-and-unassigned' | 'mine' | 'none';

export interface QuietHours {
  enabled: boolean;
  /** Local times "HH:MM"; a span may cross midnight (22:00–08:00). */
  start: string;
  end: string;
}

export interface NotificationSettings {
  scope: NotifyScope;
  sound: boolean;
  quietHours: QuietHours;
  /** Epoch ms until which notifications are paused (do not disturb), or null: one pause for every account. */
  pausedUntil: number | null;
  /** Epoch ms until which quiet hours hold nothing back ("Notify anyway": the end of tonight's span), for every account. */
  quietHoursOffUntil?: number | null;
  /** Whether the OS's own Do Not Disturb holds notifications back too (absent: yes). */
  followOsDoNotDisturb?: boolean;
  /** Accounts with a scope and quiet hours of their own; the others follow the ones above. */
  accounts?: Record<AccountId, AccountNotificationSettings>;
}

export interface AccountNotificationSettings {
  scope: NotifyScope;
  quietHours: QuietHours;
}

/** Notifications before the agent changes anything (a damaged value falls back to these too). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  scope: 'mine-and-unassigned',
  sound: true,
  quietHours: { enabled: false, start: '22:00', end: '08:00' },
  pausedUntil: null,
  followOsDoNotDisturb: true,
};

/** The notification settings that apply to one account: its own scope and quiet hours, if it has them. */
export function notificationSettingsFor(settings: NotificationSettings, accountId: AccountId): NotificationSettings {
  const own = settings.accounts?.[accountId];
  return own ? { ...settings, scope: own.scope, quietHours: own.quietHours } : settings;
}

/** The window's language: the OS's while "auto". */
export type LocaleChoice = 'auto' | 'en' | 'ru';
/** The window's theme: the OS's while "system". */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The inbox's order: newest first, or the visitors who have waited longest first. */
export const INBOX_SORTS = ['newest', 'oldest-waiting'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

/** How long a reply waits with Undo before it is sent, in seconds; 0 sends at once. */
export const UNDO_SEND_CHOICES = [0, 5, 10, 20, 30] as const;
export type UndoSendSeconds = (typeof UNDO_SEND_CHOICES)[number];
export const DEFAULT_UNDO_SEND_SECONDS: UndoSendSeconds = 5;

/** What the settings screen shows and changes. */
export interface AgentSettings {
  notifications: NotificationSettings;
  locale: LocaleChoice;
  theme: ThemeChoice;
  startAtLogin: boolean;
  startHidden: boolean;
  /** Accelerator that brings Perch forward from anywhere, e.g. CommandOrControl+Shift+P; empty for none. */
  shortcut: string;
  /** The order the agent chose for the inbox. */
  inboxSort: InboxSort;
  /** The window's zoom in percent, one of ZOOM_STEPS (./zoom). */
  zoomPercent: number;
  /** Languages to check spelling in; null follows the window's language, empty checks none (./spelling). */
  spellLanguages: SpellLanguage[] | null;
  /** Perch's sounds, their volume and the escalation for unanswered visitors. */
  alerts: AlertSettings;
  /** Undo send: how long a reply waits in the outbox before it goes to the visitor. */
  undoSendSeconds: UndoSendSeconds;
}

/** One change from the settings screen; fields left out stay as they are. */
export interface AgentSettingsChange {
  /** Scope and quiet hours of this account only (it gets settings of its own, starting from the shared ones). */
  account?: AccountId;
  /** With `account`: the account follows the shared scope and quiet hours again. */
  followShared?: true;
  scope?: NotifyScope;
  /** Follow the OS's Do Not Disturb (shared by every account). */
  followOsDoNotDisturb?: boolean;
  sound?: boolean;
  quietHours?: Partial<QuietHours>;
  /** Pause for an hour, until tomorrow morning, or resume. */
  pause?: 'hour' | 'tomorrow' | 'resume';
  /** Notify anyway: the quiet hours under way end now for every account; they hold notifications again from their next start. */
  notifyAnyway?: true;
  startAtLogin?: boolean;
  startHidden?: boolean;
  shortcut?: string;
  locale?: LocaleChoice;
  theme?: ThemeChoice;
  inboxSort?: InboxSort;
  zoomPercent?: number;
  spellLanguages?: SpellLanguage[] | null;
  alerts?: AlertsChange;
  undoSendSeconds?: UndoSendSeconds;
}

const MODIFIERS = new Set([
  'command',
  'cmd',
  'control',
  'ctrl',
  'commandorcontrol',
  'cmdorctrl',
  'alt',
  'option',
  'altgr',
  'shift',
  'super',
  'meta',
]);
const NAMED_KEYS = new Set([
  'space',
  'tab',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
  'plus',
]);
const isKey = (token: string) =>
  /^[a-z0-9]$/.test(token) || /^f([1-9]|1\d|2[0-4])$/.test(token) || NAMED_KEYS.has(token);

export type ShortcutProblem = 'format' | 'modifier';

/**
 * Why an accelerator cannot be the global shortcut: it must be modifiers and then one key,
 * like CommandOrControl+Shift+P (or empty for none). A global shortcut takes its keys from
 * every app, so it needs Ctrl, Alt, Cmd or Super: "A", "F5" or "Shift+A" alone would stop
 * the agent typing them anywhere.
 */
export function shortcutProblem(accelerator: string): ShortcutProblem | null {
  if (accelerator === '') return null;
  const tokens = accelerator.toLowerCase().split('+');
  const key = tokens.pop()!;
  if (!isKey(key) || !tokens.every((t) => MODIFIERS.has(t))) return 'format';
  return tokens.some((t) => t !== 'shift') ? null : 'modifier';
}
