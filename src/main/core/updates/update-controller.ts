import { z } from 'zod';
import { Emitter } from '../../../shared/emitter';
import type { UpdateChannel, UpdatePreferencesChange, UpdateState } from '../../../shared/updates';
import type { Clock, ScopedLog, UpdaterPort } from '../ports';
import type { JsonFile } from '../storage/json-file';
import { compareVersions, plainNotes, type FeedRelease } from './feed';
import type { UpdatePolicy } from './policy';

/** What waits for writes before a restart: the outboxes, which resolve once nothing is being sent. */
export interface PendingWrites {
  count(): number;
  drain(): Promise<void>;
}

export const preferencesSchema = z.object({
  channel: z.enum(['stable', 'beta']).catch('stable'),
  autoDownload: z.boolean().catch(false),
  skippedVersion: z.string().max(64).nullable().catch(null),
});
export type UpdatePreferences = z.infer<typeof preferencesSchema>;
const DEFAULT_PREFERENCES: UpdatePreferences = { channel: 'stable', autoDownload: false, skippedVersion: null };

/** Checks every four hours while Perch runs. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60_000;

export interface UpdateControllerOptions {
  updater: UpdaterPort | null;
  currentVersion: string;
  policy: UpdatePolicy;
  /** The feed named in the build configuration; the policy's wins. */
  feedUrl: string | null;
  preferences: JsonFile<UpdatePreferences>;
  writes: PendingWrites;
  clock: Clock;
  log?: ScopedLog;
}

/**
 * Perch's updates: the administrator's policy over the agent's choices, checks at start and
 * every few hours, download on consent or automatically, "Skip this version", and a restart
 * that first lets every write in the outboxes be sent.
 */
export class UpdateController {
  readonly events = new Emitter<{ changed: UpdateState }>();
  private prefs: UpdatePreferences = DEFAULT_PREFERENCES;
  private found: FeedRelease | null = null;
  private timer: unknown = null;
  private stopped = false;
  private current: UpdateState;

  constructor(private readonly options: UpdateControllerOptions) {
    this.current = this.compose({ phase: 'idle', version: null, releaseNotes: null, checkedAt: null, error: null });
  }

  state(): UpdateState {
    return this.current;
  }

  async start(): Promise<void> {
    const loaded = await this.options.preferences.load({ schema: preferencesSchema });
    this.prefs = loaded.value ?? DEFAULT_PREFERENCES;
    this.set({});
    await this.check();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** The channel the feed is read on: the policy's when it pins one. */
  get channel(): UpdateChannel {
    return this.options.policy.channel ?? this.prefs.channel;
  }

  private get autoDownload(): boolean {
    return this.options.policy.autoDownload ?? this.prefs.autoDownload;
  }

  private get feedUrl(): string | null {
    return this.options.policy.feedUrl ?? this.options.feedUrl;
  }

  private get offReason(): UpdateState['offReason'] {
    const { policy, updater } = this.options;
    if (policy.damaged) return 'policy-damaged';
    if (policy.enabled === false) return 'policy';
    if (!updater) return 'unsupported';
    if (!this.feedUrl) return 'no-feed';
    return null;
  }

  async check(): Promise<UpdateState> {
    this.schedule();
    const { updater } = this.options;
    const feedUrl = this.feedUrl;
    if (this.offReason !== null || !updater || !feedUrl) return this.set({ phase: 'off' });
    // A download or a restart under way is not interrupted by a check.
    if (['downloading', 'ready', 'waiting-for-writes', 'checking'].includes(this.current.phase)) return this.current;
    this.set({ phase: 'checking', error: null });
    let release: FeedRelease;
    try {
      release = await updater.check({ feedUrl, channel: this.channel });
    } catch (error) {
      this.options.log?.warn('update check failed', { error: (error as Error).name });
      return this.set({ phase: 'error', error: (error as Error).name === 'FeedError' ? 'feed' : 'network' });
    }
    const checkedAt = this.options.clock.now();
    const newer = compareVersions(release.version, this.options.currentVersion) > 0;
    if (!newer || release.version === this.prefs.skippedVersion) {
      this.found = null;
      return this.set({ phase: 'up-to-date', version: null, releaseNotes: null, checkedAt });
    }
    this.found = release;
    this.options.log?.info('update available', { version: release.version, channel: this.channel });
    this.set({
      phase: 'available',
      version: release.version,
      releaseNotes: release.releaseNotes ? plainNotes(release.releaseNotes) : null,
      checkedAt,
    });
    if (this.autoDownload) await this.download();
    return this.current;
  }

  async download(): Promise<UpdateState> {
    const { updater } = this.options;
    if (!updater || !this.found || this.current.phase !== 'available') return this.current;
    this.set({ phase: 'downloading', error: null });
    try {
      await updater.download();
    } catch (error) {
      this.options.log?.warn('update download failed', { error: (error as Error).name });
      return this.set({ phase: 'error', error: 'download' });
    }
    return this.set({ phase: 'ready' });
  }

  /** "Skip this version": the found version is not offered again; a later one is. */
  async skip(): Promise<UpdateState> {
    if (!this.found) return this.current;
    this.prefs = { ...this.prefs, skippedVersion: this.found.version };
    this.found = null;
    await this.options.preferences.write(this.prefs);
    return this.set({ phase: 'up-to-date', version: null, releaseNotes: null });
  }

  async setPreferences(change: UpdatePreferencesChange): Promise<UpdateState> {
    const channelChanged = change.channel !== undefined && change.channel !== this.prefs.channel;
    this.prefs = { ...this.prefs, ...change };
    await this.options.preferences.write(this.prefs);
    this.set({});
    // Another channel names other releases: what was found on the old one no longer holds.
    if (channelChanged && !['ready', 'waiting-for-writes', 'downloading'].includes(this.current.phase)) {
      this.found = null;
      this.set({ phase: 'idle', version: null, releaseNotes: null });
      return this.check();
    }
    if (change.autoDownload && this.current.phase === 'available') return this.download();
    return this.current;
  }

  /** Restarts into the downloaded version once every write under way has been sent. */
  async restart(): Promise<UpdateState> {
    const { updater, writes } = this.options;
    if (!updater || this.current.phase !== 'ready') return this.current;
    this.set({ phase: 'waiting-for-writes', writesPending: writes.count() });
    await writes.drain();
    if (this.stopped) return this.current;
    this.set({ writesPending: 0 });
    this.options.log?.info('restarting to update', { version: this.current.version ?? '' });
    updater.install();
    return this.current;
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      void this.check();
    }, CHECK_INTERVAL_MS);
  }

  private set(change: Partial<UpdateState>): UpdateState {
    this.current = this.compose({ ...this.current, ...change });
    this.events.emit('changed', this.current);
    return this.current;
  }

  private compose(
    base: Pick<UpdateState, 'phase' | 'version' | 'releaseNotes' | 'checkedAt' | 'error'> & Partial<UpdateState>,
  ): UpdateState {
    const { policy, currentVersion } = this.options;
    const offReason = this.offReason;
    return {
      phase: offReason ? 'off' : base.phase,
      currentVersion,
      version: base.version,
      releaseNotes: base.releaseNotes,
      checkedAt: base.checkedAt,
      channel: this.channel,
      autoDownload: this.autoDownload,
      skippedVersion: this.prefs.skippedVersion,
      managed: {
        enabled: policy.enabled !== undefined || policy.damaged,
        channel: policy.channel !== undefined,
        autoDownload: policy.autoDownload !== undefined,
      },
      offReason,
      error: base.error,
      writesPending: base.writesPending ?? 0,
    };
  }
}
