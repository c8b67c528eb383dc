import type { AccountId } from '../../../shared/accounts';
import type { AlertSound, Escalation } from '../../../shared/alerts';
import type { Id } from '../../../shared/api/types';
import type { InboxRow } from '../../../shared/inbox';
import { silentLogger } from '../log/logger';
import type { AttentionRequests, Clock, ScopedLog, SoundPlayer } from '../ports';

/** How one conversation's ladder goes, read at every step so a settings change applies at once. */
export interface LadderRules {
  escalation: Escalation;
  /** Quiet hours, a pause or the OS's Do Not Disturb hold every step, as they hold notifications. */
  held: boolean;
  /** The sound to repeat, or null for none. */
  sound: AlertSound | null;
  volume: number;
}

/** While held, the ladder looks again this often (and when a step waits longer than this). */
const RECHECK_MS = 30_000;

interface Rung {
  accountId: AccountId;
  conversationId: Id;
  rules: () => LadderRules;
  startedAt: number;
  /** Repeated sounds played (or passed over while asleep): the next is due at after + played × every. */
  played: number;
  flashing: boolean;
  broughtForward: boolean;
  timer: unknown;
}

const keyOf = (accountId: AccountId, conversationId: Id) => `${accountId}/${conversationId}`;

/**
 * The escalation for unanswered visitors, over every account: after the notification a sound
 * repeats, then the taskbar flashes (or the Dock bounces), then, if the agent chose it, the
 * window comes forward. Each conversation climbs on its own; it stops the moment someone
 * answers, the conversation is read, closed or assigned to someone else, or the agent opens
 * Perch. Steps are due by the wall clock, but each timer fires once: after a sleep the ladder
 * takes one step, never a burst of the sounds it missed. The repeated sound is shared: however
 * many visitors wait, over every account, one repeat ("3 visitors waiting") plays at most once
 * per repeat interval, so busy accounts never ring on top of each other.
 */
export class AlertLadder {
  private readonly rungs = new Map<string, Rung>();
  private readonly log: ScopedLog;
  /** When the last shared repeat played, by the wall clock. */
  private lastRepeatAt = -Infinity;

  constructor(
    private readonly deps: {
      clock: Clock;
      sounds: SoundPlayer;
      attention: AttentionRequests;
      log?: ScopedLog;
    },
  ) {
    this.log = deps.log ?? silentLogger.scope('alerts');
  }

  /** A notification for this conversation has just shown: its ladder starts (again) from the bottom. */
  start(accountId: AccountId, conversationId: Id, rules: () => LadderRules): void {
    const key = keyOf(accountId, conversationId);
    const old = this.rungs.get(key);
    if (old) this.deps.clock.clearTimeout(old.timer);
    const rung: Rung = {
      accountId,
      conversationId,
      rules,
      startedAt: this.deps.clock.now(),
      played: 0,
      flashing: old?.flashing ?? false,
      broughtForward: false,
      timer: null,
    };
    this.rungs.set(key, rung);
    this.schedule(rung);
  }

  /** One sound now, outside any ladder (a notification's own sound, "assigned to me"). */
  play(sound: AlertSound, volume: number): void {
    this.deps.sounds.play(sound, volume);
  }

  /** Conversations climbing now, as "account/conversation". */
  climbing(): string[] {
    return [...this.rungs.keys()];
  }

  stop(accountId: AccountId, conversationId: Id, because: string): void {
    const rung = this.rungs.get(keyOf(accountId, conversationId));
    if (!rung) return;
    this.deps.clock.clearTimeout(rung.timer);
    this.rungs.delete(keyOf(accountId, conversationId));
    this.log.info('escalation stopped', { account: accountId, conversationId, because });
    if (rung.flashing) this.cancelFlashIfNone();
  }

  /** Every ladder of an account (it is gone, or the agent opened Perch). */
  stopAccount(accountId: AccountId, because: string): void {
    for (const rung of [...this.rungs.values()])
      if (rung.accountId === accountId) this.stop(accountId, rung.conversationId, because);
  }

  /**
   * Rows of an account changed: a conversation answered (by anyone), read, closed, assigned to
   * someone else or gone stops climbing.
   */
  rowsChanged(accountId: AccountId, myAdminId: Id, rows: readonly InboxRow[], removed: readonly Id[]): void {
    if (this.rungs.size === 0) return;
    for (const id of removed) this.stop(accountId, id, 'gone');
    for (const row of rows) {
      if (!this.rungs.has(keyOf(accountId, row.id))) continue;
      const because = settledBecause(row, myAdminId);
      if (because) this.stop(accountId, row.id, because);
    }
  }

  private schedule(rung: Rung): void {
    const delay = this.nextDelay(rung);
    rung.timer = delay === null ? null : this.deps.clock.setTimeout(() => this.step(rung), delay);
  }

  /** How long until the next step is due, by the wall clock, at most RECHECK_MS (null: nothing more to do). */
  private nextDelay(rung: Rung): number | null {
    const { escalation, held } = rung.rules();
    if (held) return RECHECK_MS;
    const elapsed = Math.max(0, this.deps.clock.now() - rung.startedAt);
    const due: number[] = [];
    if (escalation.repeatSoundAfter !== null) {
      const own = (escalation.repeatSoundAfter + rung.played * escalation.repeatSoundEvery) * 1000;
      // A repeat that is due waits for the next shared one.
      due.push(Math.max(own, this.lastRepeatAt + escalation.repeatSoundEvery * 1000 - rung.startedAt));
    }
    if (escalation.flashAfter !== null && !rung.flashing) due.push(escalation.flashAfter * 1000);
    if (escalation.bringForwardAfter !== null && !rung.broughtForward) due.push(escalation.bringForwardAfter * 1000);
    if (due.length === 0) return null;
    return Math.min(RECHECK_MS, Math.max(0, Math.min(...due) - elapsed));
  }

  private step(rung: Rung): void {
    if (this.rungs.get(keyOf(rung.accountId, rung.conversationId)) !== rung) return;
    const { escalation, held, sound, volume } = rung.rules();
    if (held) {
      // Quiet hours or a pause began: nothing plays or flashes until they end.
      if (rung.flashing) {
        rung.flashing = false;
        this.cancelFlashIfNone();
      }
      return this.schedule(rung);
    }
    const elapsed = Math.max(0, this.deps.clock.now() - rung.startedAt);
    const { repeatSoundAfter: after, repeatSoundEvery: every } = escalation;
    if (after !== null && elapsed >= (after + rung.played * every) * 1000 && this.repeat(rung, sound, volume, every)) {
      // The sounds missed while asleep are passed over: the next is the one after now.
      rung.played = Math.floor((elapsed / 1000 - after) / every) + 1;
    }
    if (escalation.flashAfter !== null && !rung.flashing && elapsed >= escalation.flashAfter * 1000) {
      rung.flashing = true;
      this.deps.attention.request();
      this.logStep(rung, 'flash');
    }
    if (
      escalation.bringForwardAfter !== null &&
      !rung.broughtForward &&
      elapsed >= escalation.bringForwardAfter * 1000
    ) {
      rung.broughtForward = true;
      this.deps.attention.bringForward();
      this.logStep(rung, 'bring-forward');
    }
    this.schedule(rung);
  }

  /**
   * A conversation's repeat is due: the shared repeat plays, naming how many visitors wait,
   * unless one played less than an interval ago (it stood for this visitor too; this one's
   * waits for the next). Whether it played.
   */
  private repeat(rung: Rung, sound: AlertSound | null, volume: number, everySeconds: number): boolean {
    const now = this.deps.clock.now();
    // A wall clock set back must not silence the repeat until it comes round again.
    if (now < this.lastRepeatAt) this.lastRepeatAt = -Infinity;
    if (now - this.lastRepeatAt < everySeconds * 1000) return false;
    this.lastRepeatAt = now;
    if (sound) this.deps.sounds.play(sound, volume, this.rungs.size);
    this.logStep(rung, 'sound');
    return true;
  }

  /** Each step in the log, as IDs and a kind: what answers "why did Perch keep ringing?". */
  private logStep(rung: Rung, step: string): void {
    this.log.info('escalation step', { account: rung.accountId, conversationId: rung.conversationId, step });
  }

  private cancelFlashIfNone(): void {
    if (![...this.rungs.values()].some((r) => r.flashing)) this.deps.attention.cancel();
  }
}

/** Why a conversation needs no more escalation, or null while its visitor still waits. */
export function settledBecause(row: InboxRow, myAdminId: Id): string | null {
  if (row.closed) return 'closed';
  if (row.waitingSince === null) return 'answered';
  if (row.unread === 0) return 'read';
  if (row.assignee !== null && row.assignee.id !== myAdminId) return 'assigned-elsewhere';
  return null;
}
