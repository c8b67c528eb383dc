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
  /** Epoch ms until which notifications are paused (do not disturb), or null. */
  pausedUntil: number | null;
}

/** What the settings screen shows and changes. */
export interface AgentSettings {
  notifications: NotificationSettings;
  startAtLogin: boolean;
  startHidden: boolean;
  /** Accelerator that brings Perch forward from anywhere, e.g. CommandOrControl+Shift+P; empty for none. */
  shortcut: string;
}

/** One change from the settings screen; fields left out stay as they are. */
export interface AgentSettingsChange {
  scope?: NotifyScope;
  sound?: boolean;
  quietHours?: Partial<QuietHours>;
  /** Pause for an hour, until tomorrow morning, or resume. */
  pause?: 'hour' | 'tomorrow' | 'resume';
  startAtLogin?: boolean;
  startHidden?: boolean;
  shortcut?: string;
}
