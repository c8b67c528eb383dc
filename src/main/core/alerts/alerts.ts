import type { AlertsStatus, DoNotDisturbState } from '../../../shared/alerts';
import { Emitter } from '../../../shared/emitter';
import type { AlertsReport } from '../../../shared/ipc/channels/alerts';
import { AlertRecord } from './alert-record';
import type { Clock, DoNotDisturbReader } from '../ports';
import type { SettingsStore } from '../settings/settings';

/** How often the OS's Do Not Disturb is read: one cheap look (a file, a registry value, gsettings). */
export const DO_NOT_DISTURB_POLL_MS = 15_000;

export interface AlertsOptions {
  clock: Clock;
  settings: SettingsStore;
  reader?: DoNotDisturbReader;
  /** The record the workspaces write to (one for the whole run). */
  record?: AlertRecord;
  /** The OS's Do Not Disturb changed: every workspace's notification policy hears it. */
  applyDoNotDisturb(on: boolean): void;
  pollMs?: number;
}

/**
 * The alerts side shared by the accounts: it follows the OS's Do Not Disturb (the policy holds
 * notifications back while it is on, unless the agent turned that off) and keeps the record of
 * every decision for Diagnostics.
 */
export class Alerts {
  readonly events = new Emitter<{ changed: AlertsStatus }>();
  readonly record: AlertRecord;
  private doNotDisturb: DoNotDisturbState = 'unknown';
  private refused: string | undefined;
  private timer: unknown = null;
  private running = false;
  private shown: AlertsStatus;

  constructor(private readonly options: AlertsOptions) {
    this.record = options.record ?? new AlertRecord();
    this.shown = this.status();
    options.settings.events.on('changed', () => this.announce());
  }

  status(): AlertsStatus {
    const follow = this.options.settings.get().notifications.followOsDoNotDisturb !== false;
    const status: AlertsStatus = { doNotDisturb: this.doNotDisturb, holding: follow && this.doNotDisturb === 'on' };
    return this.refused === undefined ? status : { ...status, refused: this.refused };
  }

  /** The system refused a notification: the window hears it once, with the first reason given. */
  notificationRefused(reason: string): void {
    if (this.refused !== undefined) return;
    this.refused = reason;
    this.announce();
  }

  report(): AlertsReport {
    return { status: this.status(), record: this.record.list() };
  }

  start(): void {
    if (this.running || !this.options.reader) return;
    this.running = true;
    void this.check();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Reads the OS now; a reader that fails counts as "unknown" (never blocking). */
  async check(): Promise<void> {
    const reader = this.options.reader;
    if (!reader) return;
    const state = await reader.read().catch((): DoNotDisturbState => 'unknown');
    if (!this.running) return;
    if (state !== this.doNotDisturb) {
      this.doNotDisturb = state;
      this.options.applyDoNotDisturb(state === 'on');
      this.announce();
    }
    this.timer = this.options.clock.setTimeout(() => void this.check(), this.options.pollMs ?? DO_NOT_DISTURB_POLL_MS);
  }

  private announce(): void {
    const next = this.status();
    const same =
      next.doNotDisturb === this.shown.doNotDisturb &&
      next.holding === this.shown.holding &&
      next.refused === this.shown.refused;
    if (same) return;
    this.shown = next;
    this.events.emit('changed', next);
  }
}
