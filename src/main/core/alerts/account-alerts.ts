import type { AccountId } from '../../../shared/accounts';
import { DEFAULT_ALERT_SETTINGS, escalationFor, type AlertSettings, type SoundChoice } from '../../../shared/alerts';
import type { Conversation, Id } from '../../../shared/api/types';
import type { InboxRow } from '../../../shared/inbox';
import type { AlertLadder, LadderRules } from './alert-ladder';
import type { NotificationSettings } from '../../../shared/settings';
import { quietNow } from '../../../shared/quiet-hours';

/** Whether quiet hours, a pause or the OS's Do Not Disturb hold alerts back now. */
export function alertsHeld(settings: NotificationSettings, now: Date, osDoNotDisturb: boolean): boolean {
  if (settings.pausedUntil !== null && now.getTime() < settings.pausedUntil) return true;
  return osDoNotDisturb || quietNow(settings, now);
}

/** What holds when Perch alerts: who the agent is, the settings, the OS's Do Not Disturb, the time. */
export interface AlertContext {
  myAdminId: Id;
  settings: NotificationSettings;
  /** Perch's sounds, volume and escalation. */
  alerts: AlertSettings;
  /** The operating system's own Do Not Disturb, where it can be read. */
  osDoNotDisturb: boolean;
  now: Date;
}

/**
 * One account's part in the alerts: Perch's sound for each event (a new conversation, a
 * message, a conversation assigned to the agent) and the escalation ladder of each notified
 * conversation, fed by the same conversation changes as the notification policy. Each event
 * brings what holds at its moment; a ladder reads what holds now at each of its steps.
 */
export class AccountAlerts {
  /** Each conversation's assignee as last seen: a change to the agent is "assigned to me"; unknown is new. */
  private readonly assignees = new Map<Id, Id | null>();

  constructor(
    private readonly deps: {
      ladder: AlertLadder;
      accountId: AccountId;
      /** What holds now, read at each step of a ladder so a settings change applies at once. */
      current: () => AlertContext;
    },
  ) {}

  /** Rows known before any change (the cache at start). */
  know(rows: readonly InboxRow[]): void {
    for (const row of rows) this.assignees.set(row.id, row.assignee?.id ?? null);
  }

  /**
   * A notification for this conversation has just shown: Perch plays its sound and the ladder
   * starts. Returns whether Perch played a sound, so the OS's notification stays silent.
   */
  notified(conversation: Conversation, context: AlertContext): boolean {
    const known = this.assignees.has(conversation.id);
    const sound = soundOf(context, known ? 'message' : 'newConversation');
    const rules = this.rules(sound, context);
    if (rules.sound) this.deps.ladder.play(rules.sound, rules.volume);
    // A conversation a colleague holds is theirs: only mine and unassigned ones climb.
    const assignee = conversation.assignee?.id ?? null;
    if (assignee === null || assignee === context.myAdminId)
      this.deps.ladder.start(this.deps.accountId, conversation.id, () => this.rules(sound, this.deps.current()));
    return rules.sound !== null;
  }

  /** Rows changed: ladders of settled conversations stop, and a conversation newly assigned to the agent sounds. */
  changed(upserted: readonly InboxRow[], removed: readonly Id[], context: AlertContext): void {
    const { ladder, accountId } = this.deps;
    const adminId = context.myAdminId;
    ladder.rowsChanged(accountId, adminId, upserted, removed);
    for (const id of removed) this.assignees.delete(id);
    for (const row of upserted) {
      const assignee = row.assignee?.id ?? null;
      const before = this.assignees.get(row.id);
      this.assignees.set(row.id, assignee);
      if (before === undefined || before === adminId || assignee !== adminId || row.closed) continue;
      const rules = this.rules(soundOf(context, 'assigned'), context);
      if (rules.sound && !rules.held) ladder.play(rules.sound, rules.volume);
    }
  }

  /** The agent opened this conversation: its ladder stops. */
  opened(conversationId: Id): void {
    this.deps.ladder.stop(this.deps.accountId, conversationId, 'opened');
  }

  /** The agent brought Perch in front of them: every ladder of the account stops. */
  perchOpened(): void {
    this.deps.ladder.stopAccount(this.deps.accountId, 'perch-opened');
  }

  stop(): void {
    this.deps.ladder.stopAccount(this.deps.accountId, 'account-stopped');
  }

  private rules(sound: SoundChoice, { alerts, settings, now, osDoNotDisturb }: AlertContext): LadderRules {
    return {
      escalation: escalationFor(alerts, this.deps.accountId),
      held: alertsHeld(settings, now, osDoNotDisturb),
      sound: settings.sound && sound !== 'none' ? sound : null,
      volume: alerts.volume,
    };
  }
}

const soundOf = ({ alerts }: AlertContext, event: keyof AlertSettings['sounds']): SoundChoice =>
  alerts.sounds[event] ?? DEFAULT_ALERT_SETTINGS.sounds[event];
