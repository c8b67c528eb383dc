import type { Clock } from '../ports';
import { JsonFile } from '../storage/json-file';
import { inboxCacheSchema } from '../storage/inbox-cache-schema';
import type { StateDamage } from '../storage/state-damage';
import type { InboxCacheState, InboxSync } from '../sync/inbox-sync';

const CACHE_SAVE_MS = 2000;

/**
 * One account's inbox on disk (`inbox-<appId>.json`): a restart shows it at once and resumes
 * from the same cursor. Written a moment after a row or the read state changes, and at stop.
 */
export class InboxCache {
  private readonly file: JsonFile<InboxCacheState>;
  private timer: unknown = null;
  private dirty = false;

  constructor(
    path: string,
    private readonly inbox: InboxSync,
    private readonly clock: Clock,
    private readonly damage?: StateDamage,
  ) {
    this.file = new JsonFile<InboxCacheState>(path, inboxCacheSchema);
  }

  /** A cache that cannot be used is only a slower start: it is moved aside and the full sync runs instead. */
  async restore(): Promise<void> {
    const { value, problem } = await this.file.load().catch((error: unknown) => ({
      value: undefined,
      problem: { movedTo: null, kept: null, total: null, reason: String(error) },
    }));
    if (problem) this.damage?.add('inbox-cache', problem);
    if (value) this.inbox.restore(value);
  }

  /** What the inbox holds is what is on disk (just restored): nothing to write back. */
  markSaved(): void {
    this.dirty = false;
  }

  /** A row or the read state changed: written within CACHE_SAVE_MS. */
  changed(): void {
    this.dirty = true;
    this.scheduleSave();
  }

  /** At stop: what changed since the last write is written now. */
  async close(): Promise<void> {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    if (this.dirty) await this.file.write(this.inbox.exportState()).catch(() => {});
  }

  /** At most one write per CACHE_SAVE_MS, and only when a row or the read state changed since the last. */
  private scheduleSave(): void {
    if (this.timer !== null) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (!this.dirty) return;
      this.dirty = false;
      void this.file.write(this.inbox.exportState()).catch(() => {});
    }, CACHE_SAVE_MS);
  }
}
