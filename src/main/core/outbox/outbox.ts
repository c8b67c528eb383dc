import { randomUUID } from 'node:crypto';
import type { ConversationPart, Id } from '../../../shared/api/types';
import { Emitter } from '../../../shared/emitter';
import { RETRY_AFTER_MAX_MS } from '../api/errors';
import { backoffDelay, cryptoRandomId, WallClockSteps } from '../runtime/clock';
import { errorFields } from '../log/logger';
import { logFailedAttempt } from './attempt-log';
import { NotSavedError, type StateProblem } from '../storage/json-file';
import type { AttachmentRef } from '../../../shared/attachments';
import { outboxFileSchema, recoverOutboxItems } from './item-schema';
import { findLandedPart } from './reconcile';
import { recordFailedAttempt } from './attempt-failure';
import { sendAction } from './send-action';
import type { OutboxAction, OutboxItem } from './types';

/** The longest undo window a write is held for (a close waits 5 s). */
const UNDO_MAX_MS = 60_000;
/** How long the removal of landed items may wait for the next write before it is saved alone. */
const LAZY_SAVE_MS = 5000;

import type { OutboxEvents, OutboxOptions } from './outbox-options';

export type { OutboxEvents, OutboxOptions };

/**
 * Every write an agent makes goes through here: persisted before the first attempt, retried
 * with backoff, and after an ambiguous failure (or a crash mid-send) looked up by random_id
 * before it is sent again, so it lands exactly once. Items that fail for good stay until the
 * agent retries or discards them.
 */
export class Outbox {
  readonly events = new Emitter<OutboxEvents>();
  private items: OutboxItem[] = [];
  private timer: unknown = null;
  /** The run sending what is due, while one is under way. */
  private draining: Promise<void> | null = null;
  private paused = false;
  private stopped = false;
  private lazySave: unknown = null;
  /** Both clocks when the outbox last looked: a difference between them since is a step of the wall clock. */
  private readonly steps: WallClockSteps;

  constructor(private readonly options: OutboxOptions) {
    this.paused = options.startPaused ?? false;
    this.steps = new WallClockSteps(options.clock);
  }

  /**
   * Loads what a previous run left; an item caught mid-send may have landed. A damaged file
   * keeps every item that is still whole, and the problem is returned for the agent to see.
   */
  async load(): Promise<StateProblem | null> {
    const { value, problem } = await this.options.file.load({ schema: outboxFileSchema, recover: recoverOutboxItems });
    this.items = (value ?? []).filter((item) => item.state !== 'sent');
    // The file is not rewritten when an attempt starts or lands (one write per reply): any item
    // still pending may have been mid-send or landed before the crash, so it is looked up first.
    for (const item of this.items) {
      if (item.state === 'sending' || item.state === 'pending') {
        item.state = 'pending';
        item.ambiguous = true;
      }
    }
    // After a damaged load, files may belong to entries that could not be read: none is deleted.
    if (!problem)
      await this.options.attachments?.prune(
        new Set(
          this.items
            .map((i) => (i.action.kind === 'reply' ? i.action.attachment?.fileId : undefined))
            .filter((id): id is string => !!id),
        ),
      );
    this.emitChanged();
    return problem;
  }

  /** Keeps an attachment's bytes on disk; the returned reference goes into the reply action. */
  async storeAttachment(bytes: Uint8Array, meta: { name: string; type: string }): Promise<AttachmentRef> {
    if (!this.options.attachments) throw new Error('This outbox keeps no attachments');
    return this.options.attachments.put(bytes, meta);
  }

  list(): OutboxItem[] {
    return this.items.map((item) => ({ ...item }));
  }

  /** Queues a write; with `undoMs`, nothing of it is sent for that long, and undo() takes it back meanwhile. */
  async enqueue(action: OutboxAction, options: { undoMs?: number } = {}): Promise<OutboxItem> {
    return (await this.enqueueMany([action], options))[0]!;
  }

  /**
   * Queues several writes with one save (a bulk action of the inbox): all of them or, when the
   * disk refuses, none. With `batch`, undoBatch() takes them all back in their window.
   */
  async enqueueMany(actions: OutboxAction[], options: { undoMs?: number; batch?: string } = {}): Promise<OutboxItem[]> {
    const now = this.now();
    const undoUntil = options.undoMs ? now + options.undoMs : null;
    const items = actions.map((action): OutboxItem => ({
      id: randomUUID(),
      action,
      randomId: cryptoRandomId(),
      state: 'pending',
      attempts: 0,
      createdAt: now,
      nextAttemptAt: undoUntil ?? now,
      ambiguous: false,
      lastError: null,
      partId: null,
      ...(undoUntil !== null && { undoUntil }),
      ...(options.batch !== undefined && { batch: options.batch }),
    }));
    if (items.length === 0) return [];
    // An item exists only once it is saved: a reply the agent was told failed is never sent.
    this.items.push(...items);
    try {
      await this.persist();
    } catch (error) {
      const added = new Set(items);
      this.items = this.items.filter((i) => !added.has(i));
      throw new NotSavedError(error);
    }
    this.emitChanged();
    this.kick();
    return items.map((item) => ({ ...item }));
  }

  /** A failed write is tried again from its first attempt; one waiting for its next attempt is tried now. */
  async retry(id: string): Promise<boolean> {
    const item = this.items.find((i) => i.id === id);
    if (item?.state === 'pending') return this.tryNow(item);
    if (!item || item.state !== 'failed') return false;
    this.options.log?.info('failed write retried by the agent', { id, action: item.action.kind });
    Object.assign(item, {
      state: 'pending',
      attempts: 0,
      tries: 0,
      nextAttemptAt: this.now(),
      lastError: null,
      failure: null,
    });
    await this.persistOrRetry();
    this.emitChanged();
    this.kick();
    return true;
  }

  async discard(id: string): Promise<boolean> {
    const item = this.items.find((i) => i.id === id);
    if (!item || item.state === 'sending') return false;
    this.items = this.items.filter((i) => i !== item);
    await this.persistOrRetry();
    await this.forgetAttachment(item);
    this.emitChanged();
    return true;
  }

  /** Takes back a write still in its undo window, before anything of it was sent. False once the window is over. */
  async undo(id: string): Promise<boolean> {
    const item = this.items.find((i) => i.id === id);
    if (!item || item.state !== 'pending' || (item.undoUntil ?? 0) <= this.now()) return false;
    return this.discard(id);
  }

  /** Takes back every write of a batch still in its undo window, with one save: how many were. */
  async undoBatch(batch: string): Promise<number> {
    const now = this.now();
    const taken = this.items.filter((i) => i.batch === batch && i.state === 'pending' && (i.undoUntil ?? 0) > now);
    if (taken.length === 0) return 0;
    const gone = new Set(taken);
    this.items = this.items.filter((i) => !gone.has(i));
    await this.persistOrRetry();
    this.emitChanged();
    return taken.length;
  }

  /**
   * Ends every undo window now and sends what waited for one (Perch is quitting: the agent did
   * not take it back). What cannot be sent now stays in the file and goes at the next start.
   */
  async sendHeld(): Promise<void> {
    const now = this.now();
    const held = this.items.filter((i) => i.state === 'pending' && (i.undoUntil ?? 0) > now);
    if (held.length === 0) return;
    for (const item of held) Object.assign(item, { undoUntil: now, nextAttemptAt: now });
    await this.persistOrRetry();
    this.emitChanged();
    // A run already under way may have passed them by: run again until none is due.
    while (!this.stopped && !this.paused && held.some((i) => i.state === 'pending' && i.nextAttemptAt <= now))
      await this.drain();
  }

  private async forgetAttachment(item: OutboxItem): Promise<void> {
    if (item.action.kind === 'reply' && item.action.attachment)
      await this.options.attachments?.remove(item.action.attachment).catch(() => {});
  }

  /** After sign-in again, or when the network returns: try now. */
  resume(): void {
    this.paused = false;
    const now = this.now();
    // Never before the end of an undo window.
    for (const item of this.items)
      if (item.state === 'pending')
        item.nextAttemptAt = Math.max(Math.min(item.nextAttemptAt, now), item.undoUntil ?? 0);
    this.kick();
  }

  /**
   * The agent asked to try now: what waits for its next attempt is due at once (never before
   * the end of an undo window). Nothing is sent while the account waits for a reconnect.
   */
  tryNow(only?: OutboxItem): boolean {
    if (this.paused || this.stopped) return false;
    const now = this.now();
    const waiting = this.items.filter((i) => i.state === 'pending' && (!only || i === only));
    for (const item of waiting) item.nextAttemptAt = Math.max(Math.min(item.nextAttemptAt, now), item.undoUntil ?? 0);
    if (waiting.length) this.kick();
    return waiting.length > 0;
  }

  /** Stops sending and the lazy save: flush() first to keep what it would have saved. */
  stop(): void {
    this.stopped = true;
    this.cancelLazySave();
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** A run is sending (or saving what it did). */
  get busy(): boolean {
    return this.draining !== null;
  }

  /** Runs until nothing is due; schedules itself for the next due item. Resolves when idle (with a run under way, when it ends). */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.draining ??= this.run().finally(() => (this.draining = null));
    return this.draining;
  }

  private async run(): Promise<void> {
    for (;;) {
      if (this.paused || this.stopped) return;
      const now = this.now();
      const due = this.items.find((i) => i.state === 'pending' && i.nextAttemptAt <= now);
      if (!due) break;
      await this.attempt(due);
    }
    this.schedule();
  }

  private kick(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = this.options.clock.setTimeout(() => void this.drain(), 0);
  }

  /**
   * The wall time, every wait kept in step with it (waits are kept in wall time, as they are
   * saved): when the wall clock stepped back since the last look, every wait moves back by the
   * step, so a retry goes when it was meant to. A step forward only makes waits end sooner.
   */
  private now(): number {
    this.followStepBack();
    return this.options.clock.now();
  }

  private followStepBack(): void {
    const step = this.steps.stepBack();
    if (step === 0) return;
    for (const item of this.items) {
      if (item.state !== 'pending') continue;
      item.nextAttemptAt += step;
      if (item.undoUntil) item.undoUntil += step;
    }
  }

  private schedule(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    const now = this.now();
    // No wait the outbox sets is longer than Retry-After's cap: one further away means the wall
    // clock stepped back (a corrected time, a resumed VM), and the item is due now instead.
    for (const item of this.items)
      if (item.state === 'pending' && item.nextAttemptAt - now > RETRY_AFTER_MAX_MS + UNDO_MAX_MS)
        item.nextAttemptAt = Math.max(now, Math.min(item.undoUntil ?? 0, now + UNDO_MAX_MS));
    const next = this.items.filter((i) => i.state === 'pending').map((i) => i.nextAttemptAt);
    if (next.length === 0 || this.paused || this.stopped) return;
    const delay = Math.max(0, Math.min(...next) - now);
    this.timer = this.options.clock.setTimeout(() => void this.drain(), delay);
  }

  /** Starting an attempt is neither saved nor announced: after a crash every pending item is looked up anyway. */
  private async attempt(item: OutboxItem): Promise<void> {
    item.state = 'sending';
    try {
      const landed = item.ambiguous ? await findLandedPart(this.options.api, item) : null;
      const { api, adminId, attachments } = this.options;
      const result = landed ?? (await sendAction(item, api, adminId, attachments));
      // Assign, close and tag answer only the ID of the part they made; a reply answers the part.
      const part = result && 'created' in result ? (result as ConversationPart) : null;
      await this.complete(item, part, result?.id ?? null);
    } catch (error) {
      await this.failAttempt(item, error);
    }
  }

  private async complete(item: OutboxItem, part: ConversationPart | null, partId: Id | null): Promise<void> {
    Object.assign(item, { state: 'sent', partId, ambiguous: false, lastError: null });
    this.items = this.items.filter((i) => i !== item);
    // Not saved now: the next write carries it, or the lazy save. Lost in a crash, the item is
    // looked up by its random_id and found landed, so it is not sent twice.
    this.persistLater();
    await this.forgetAttachment(item);
    this.events.emit('sent', { item: { ...item }, part });
    this.emitChanged();
  }

  private async failAttempt(item: OutboxItem, error: unknown): Promise<void> {
    const e = recordFailedAttempt(item, error, this.options, this.now());
    if (e.kind === 'auth') {
      this.paused = true;
      this.events.emit('signed-out', null);
    }
    if (this.options.log) logFailedAttempt(this.options.log, item, e, this.now());
    await this.persistOrRetry();
    this.emitChanged();
  }

  private persist(): Promise<void> {
    this.cancelLazySave();
    return this.options.file.write(this.items);
  }

  /**
   * Saves a change to items already saved once (a retry, a failure, a discard). If the disk
   * refuses, the change is kept in memory and saved again later, with backoff, until it goes
   * through: what is on disk is never newer than what Perch does, and sending goes on.
   */
  private async persistOrRetry(): Promise<void> {
    try {
      await this.persist();
      this.saveFailures = 0;
    } catch (error) {
      this.saveFailures += 1;
      this.options.log?.warn('outbox not saved', { failures: this.saveFailures, ...errorFields(error) });
      const delay = backoffDelay(this.saveFailures, { baseMs: 1000, capMs: 60_000, random: this.options.random });
      this.cancelLazySave();
      this.lazySave = this.options.clock.setTimeout(() => {
        this.lazySave = null;
        void this.persistOrRetry();
      }, delay);
    }
  }

  private saveFailures = 0;

  private persistLater(): void {
    if (this.lazySave !== null) return;
    this.lazySave = this.options.clock.setTimeout(() => {
      this.lazySave = null;
      void this.options.file.write(this.items).catch(() => {});
    }, LAZY_SAVE_MS);
  }

  private cancelLazySave(): void {
    if (this.lazySave !== null) this.options.clock.clearTimeout(this.lazySave);
    this.lazySave = null;
  }

  /** Saves what the lazy save would have (at quit, or before the file is read elsewhere). */
  async flush(): Promise<void> {
    if (this.lazySave === null) return;
    await this.persist();
  }

  private emitChanged(): void {
    this.events.emit('changed', this.list());
  }
}
