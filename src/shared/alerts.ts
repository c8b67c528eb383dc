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
