import type { AccountId } from '../../../shared/accounts';
import { DEFAULT_ALERT_SETTINGS, escalationFor, type AlertSettings, type SoundChoice } from '../../../shared/alerts';
import type { Conversation, Id } from '../../../shared/api/types';
import type { InboxRow } from '../../../shared/inbox';
import type { AlertLadder, LadderRules } from './alert-ladder';
import type { Clock } from '../ports';
import type { NotificationSettings } from '../../../shared/settings';
import { quietNow } from '../../../shared/quiet-hours';

/** Whether quiet hours, a pause or the OS's Do Not Disturb hold alerts back now. */
export function alertsHeld(settings: NotificationSettings, now: Date, osDoNotDisturb: boolean): boolean {
  if (settings.pausedUntil !== null && now.getTime() < settings.pausedUntil) return true;
  return osDoNotDisturb || quietNow(settings, now);
}

/**
 * One account's part in the alerts: Perch's sound for each event (a new conversation, a
 * message, a conversation assigned to the agent) and the escalation ladder of each notified
 * conversation, fed by the same conversation changes as the notification policy.
 */
export class AccountAlerts {
  /** Each conversation's assignee as last seen: a change to the agent is "assigned to me"; unknown is new. */
  private readonly assignees = new Map<Id, Id | null>();

  constructor(
    private readonly deps: {
      ladder: AlertLadder;
      accountId: AccountId;
      adminId: Id;
      clock: Clock;
      settings: () => AlertSettings;
      notificationSettings: () => NotificationSettings;
      osDoNotDisturb: () => boolean;
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
  notified(conversation: Conversation): boolean {
    const known = this.assignees.has(conversation.id);
    const sound = this.soundOf(known ? 'message' : 'newConversation');
    const rules = this.rules(sound);
    if (rules.sound) this.deps.ladder.play(rules.sound, rules.volume);
    // A conversation a colleague holds is theirs: only mine and unassigned ones climb.
    const assignee = conversation.assignee?.id ?? null;
    if (assignee === null || assignee === this.deps.adminId)
      this.deps.ladder.start(this.deps.accountId, conversation.id, () => this.rules(sound));
    return rules.sound !== null;
  }

  /** Rows changed: ladders of settled conversations stop, and a conversation newly assigned to the agent sounds. */
  changed(upserted: readonly InboxRow[], removed: readonly Id[]): void {
    const { ladder, accountId, adminId } = this.deps;
    ladder.rowsChanged(accountId, adminId, upserted, removed);
    for (const id of removed) this.assignees.delete(id);
    for (const row of upserted) {
      const assignee = row.assignee?.id ?? null;
      const before = this.assignees.get(row.id);
      this.assignees.set(row.id, assignee);
      if (before === undefined || before === adminId || assignee !== adminId || row.closed) continue;
      const rules = this.rules(this.soundOf('assigned'));
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

  private soundOf(event: keyof AlertSettings['sounds']): SoundChoice {
    return this.deps.settings().sounds[event] ?? DEFAULT_ALERT_SETTINGS.sounds[event];
  }

  private rules(sound: SoundChoice): LadderRules {
    const alerts = this.deps.settings();
    const notifications = this.deps.notificationSettings();
    const now = new Date(this.deps.clock.now());
    return {
      escalation: escalationFor(alerts, this.deps.accountId),
      held: alertsHeld(notifications, now, this.deps.osDoNotDisturb()),
      sound: notifications.sound && sound !== 'none' ? sound : null,
      volume: alerts.volume,
    };
  }
}
