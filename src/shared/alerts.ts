import type { AccountId } from './accounts';
import type { Id } from './api/types';

/** Why a visitor message raised no notification. */
export type AlertReason =
  /** The conversation is open in the window in front of the agent. */
  | 'looking-at-it'
  /** The agent paused notifications. */
  | 'paused'
  /** The OS's own Do Not Disturb (followed unless the agent turned that off). */
  | 'do-not-disturb'
  | 'quiet-hours'
  /** Outside what the account notifies about (e.g. assigned to a colleague under "mine and unassigned"). */
  | 'scope'
  /** The account notifies about nothing. */
  | 'muted'
  /** This message had already raised its notification. */
  | 'already-notified';

/**
 * One visitor message and what Perch did about it: no message text, no visitor, no token;
 * only enough for an agent to answer "why was I (not) notified?".
 */
export interface AlertEntry {
  accountId: AccountId;
  conversationId: Id;
  /** When Perch decided (ms since the epoch, main's clock). */
  at: number;
  outcome: 'notified' | 'held';
  /** Set when held back. */
  reason: AlertReason | null;
}

/** Whether the OS's Do Not Disturb is on; "unknown" where it cannot be read (it never holds anything back). */
export type DoNotDisturbState = 'on' | 'off' | 'unknown';

/** What the window shows of alerts: whether the OS holds them back now. */
export interface AlertsStatus {
  doNotDisturb: DoNotDisturbState;
  /** The OS's Do Not Disturb is on and the agent follows it: notifications are held back. */
  holding: boolean;
  /**
   * The system refused to show one of Perch's notifications, in its words (macOS refuses an
   * unsigned build's): set from the first refusal on, so the window says so once.
   */
  refused?: string;
}

/** Plain text for the clipboard, newest first: IDs, times and reasons only. */
export function alertRecordText(entries: readonly AlertEntry[], labelOf: (accountId: AccountId) => string): string {
  const lines = [`Perch alerts, newest first: ${entries.length}`];
  for (const entry of entries) {
    const what = entry.outcome === 'notified' ? 'notified' : `held back: ${entry.reason ?? 'unknown'}`;
    lines.push(
      `- ${new Date(entry.at).toISOString()} ${labelOf(entry.accountId)} conversation #${entry.conversationId}: ${what}`,
    );
  }
  return lines.join('\n');
}

/** Perch's own sounds (scripts/make-sounds.ts writes them); "none" plays nothing for that event. */
export const ALERT_SOUNDS = ['chime', 'pop', 'bell', 'knock'] as const;
export type AlertSound = (typeof ALERT_SOUNDS)[number];
export type SoundChoice = AlertSound | 'none';

/** The events that can have a sound of their own. */
export const SOUND_EVENTS = ['newConversation', 'message', 'assigned'] as const;
export type SoundEvent = (typeof SOUND_EVENTS)[number];

/**
 * What happens while a visitor stays unanswered after their notification, each step counted in
 * seconds from it; null turns a step off. Bringing the window forward is off unless chosen.
 */
export interface Escalation {
  /** When the sound starts repeating. */
  repeatSoundAfter: number | null;
  /** Seconds between two repeated sounds. */
  repeatSoundEvery: number;
  /** When the taskbar flashes, the Dock bounces or the window asks for attention. */
  flashAfter: number | null;
  /** When the window comes forward (only if the agent opted in). */
  bringForwardAfter: number | null;
}

export interface AlertSettings {
  sounds: Record<SoundEvent, SoundChoice>;
  /** 0–100. */
  volume: number;
  /** The shared escalation; accounts listed in `accounts` have their own. */
  escalation: Escalation;
  accounts?: Record<AccountId, Escalation>;
}

export const DEFAULT_ESCALATION: Escalation = {
  repeatSoundAfter: 30,
  repeatSoundEvery: 30,
  flashAfter: 60,
  bringForwardAfter: null,
};

export const ESCALATION_OFF: Escalation = {
  repeatSoundAfter: null,
  repeatSoundEvery: 30,
  flashAfter: null,
  bringForwardAfter: null,
};

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  sounds: { newConversation: 'chime', message: 'pop', assigned: 'bell' },
  volume: 70,
  escalation: DEFAULT_ESCALATION,
};

/** The choices the settings screen offers, in seconds. */
export const REPEAT_AFTER_CHOICES = [15, 30, 60, 120] as const;
export const REPEAT_EVERY_CHOICES = [15, 30, 60] as const;
export const FLASH_AFTER_CHOICES = [30, 60, 120, 300] as const;
export const BRING_FORWARD_CHOICES = [120, 300, 600] as const;
/** The bounds main accepts for any step. */
export const ESCALATION_MIN_SECONDS = 5;
export const ESCALATION_MAX_SECONDS = 3600;

/** The escalation that applies to one account: its own, if it has one. */
export function escalationFor(alerts: AlertSettings, accountId: AccountId): Escalation {
  return alerts.accounts?.[accountId] ?? alerts.escalation;
}

/** One change of the alert settings; with `account`, the escalation of that account only. */
export interface AlertsChange {
  account?: AccountId;
  /** With `account`: the account follows the shared escalation again. */
  followShared?: true;
  escalation?: Partial<Escalation>;
  sounds?: Partial<Record<SoundEvent, SoundChoice>>;
  volume?: number;
}

/** What main asks the window to play. */
export interface SoundRequest {
  sound: AlertSound;
  volume: number;
  /** A repeat of the escalation: how many visitors wait, over every account. */
  waiting?: number;
}

/** The alert settings after a change: an account's own escalation starts from the shared one. */
export function applyAlertsChange(alerts: AlertSettings, change: AlertsChange): AlertSettings {
  const accounts = { ...alerts.accounts };
  let escalation = alerts.escalation;
  const id = change.account;
  if (id === undefined) escalation = { ...escalation, ...change.escalation };
  else if (change.followShared) delete accounts[id];
  else accounts[id] = { ...(accounts[id] ?? alerts.escalation), ...change.escalation };
  const { accounts: _old, ...rest } = alerts;
  return {
    ...rest,
    sounds: { ...alerts.sounds, ...change.sounds },
    volume: change.volume ?? alerts.volume,
    escalation,
    ...(Object.keys(accounts).length ? { accounts } : {}),
  };
}
