import { z } from 'zod';
import { compareIds, isId } from '../../../shared/api/ids';
import type { Id } from '../../../shared/api/types';
import { Emitter } from '../../../shared/emitter';
import { SNOOZE_NOTE_MAX, type Snooze, type SnoozeReturn, type SnoozeReturned } from '../../../shared/snooze';
import type { Clock } from '../ports';
import { NotSavedError, type JsonFile, type StateProblem } from '../storage/json-file';

/** At most this long between two looks at the wall clock: a jump or a sleep is noticed within it. */
export const SNOOZE_CHECK_MS = 30_000;

const entrySchema = z.strictObject({
  conversationId: z.string().refine((id) => isId(id) && id !== '0', 'a conversation ID'),
  until: z.number().int().positive(),
  note: z.string().max(SNOOZE_NOTE_MAX),
  seenPart: z
    .string()
    .refine((id) => isId(id), 'a part ID')
    .nullable()
    .default(null),
});
/** Snoozed conversations kept per account: far past any agent's use, and a bound on a damaged or hostile file. */
export const MAX_SNOOZES = 10_000;
export const snoozeFileSchema = z.array(entrySchema).max(MAX_SNOOZES);
export type SnoozeFile = z.infer<typeof snoozeFileSchema>;

/** A snooze past MAX_SNOOZES: refused with a sentence, nothing changed. */
export class TooManySnoozesError extends Error {
  constructor() {
    super(`Perch keeps at most ${MAX_SNOOZES.toLocaleString('en')} conversations snoozed: wake one first`);
    this.name = 'TooManySnoozesError';
  }
}

/** The entries of a damaged file that are still whole. */
function recover(raw: unknown) {
  if (!Array.isArray(raw)) return null;
  const value: SnoozeFile = [];
  for (const entry of raw) {
    if (value.length >= MAX_SNOOZES) break;
    const checked = entrySchema.safeParse(entry);
    if (checked.success) value.push(checked.data);
  }
  return { value, kept: value.length, total: raw.length };
}

/**
 * One account's snoozed conversations: Perch's own, as the platform has no snooze. Kept in a
 * state file, each change written before it is made. A snooze ends when the wall clock passes
 * its time — looked at on start, on every tick (at most SNOOZE_CHECK_MS apart, whatever the
 * timers think) and on wake — or at once when the visitor writes.
 */
export class Snoozes {
  readonly events = new Emitter<{ changed: Snooze[]; returned: SnoozeReturned }>();
  private entries = new Map<Id, Snooze>();
  private timer: unknown = null;
  private running = false;
  /** A return the disk refused to record: written again at every look at the clock, and on the way out. */
  private unsaved = false;

  constructor(private readonly options: { file: JsonFile<SnoozeFile>; clock: Clock }) {}

  /** Reads the file; a damaged one is moved aside with what was whole kept, and its problem returned. */
  async load(): Promise<StateProblem | null> {
    const { value, problem } = await this.options.file.load({ schema: snoozeFileSchema, recover });
    for (const entry of value ?? []) this.entries.set(entry.conversationId, entry);
    if (problem) await this.save().catch(() => {});
    return problem;
  }

  /** Starts watching the clock: what came due while Perch was not running returns now. */
  start(): void {
    this.running = true;
    this.check();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Waits for the writes under way, and tries once more to record a return the disk refused. */
  async flush(): Promise<void> {
    if (this.unsaved) await this.inTurn(() => this.record());
    else await this.writing;
  }

  list(): Snooze[] {
    return [...this.entries.values()].map((s) => ({ ...s }));
  }

  private writing: Promise<void> = Promise.resolve();

  get(conversationId: Id): Snooze | undefined {
    const entry = this.entries.get(conversationId);
    return entry ? { ...entry } : undefined;
  }

  /** Whether snoozing this conversation would pass MAX_SNOOZES (snoozing one again never does). */
  full(conversationId: Id): boolean {
    return this.entries.size >= MAX_SNOOZES && !this.entries.has(conversationId);
  }

  /** Snoozes (or snoozes again) a conversation; saved before it counts, else NotSavedError. */
  async snooze(conversationId: Id, until: number, note = '', seenPart: Id | null = null): Promise<Snooze> {
    if (this.full(conversationId)) throw new TooManySnoozesError();
    const entry: Snooze = { conversationId, until, note: note.trim(), seenPart };
    // Saved first, taken in after: a row counted meanwhile never sees a snooze that may not stay.
    await this.inTurn(() => this.save([...this.list().filter((s) => s.conversationId !== conversationId), entry]));
    this.entries.set(conversationId, entry);
    this.changed();
    return { ...entry };
  }

  /** The agent takes a snooze back: no notification. */
  async wake(conversationId: Id): Promise<void> {
    if (!this.entries.has(conversationId)) return;
    await this.inTurn(() => this.save(this.list().filter((s) => s.conversationId !== conversationId)));
    this.entries.delete(conversationId);
    this.changed();
  }

  /** Snoozes several conversations until the same time with one save (a bulk action of the inbox). */
  async snoozeMany(entries: readonly Omit<Snooze, 'note'>[]): Promise<Snooze[]> {
    const snoozed = entries.map((entry): Snooze => ({ ...entry, note: '' }));
    const ids = new Set(snoozed.map((s) => s.conversationId));
    await this.inTurn(() => this.save([...this.list().filter((s) => !ids.has(s.conversationId)), ...snoozed]));
    for (const entry of snoozed) this.entries.set(entry.conversationId, entry);
    this.changed();
    return snoozed.map((entry) => ({ ...entry }));
  }

  /** The agent takes several snoozes back with one save: no notification. */
  async wakeMany(conversationIds: readonly Id[]): Promise<void> {
    const ids = new Set(conversationIds.filter((id) => this.entries.has(id)));
    if (ids.size === 0) return;
    await this.inTurn(() => this.save(this.list().filter((s) => !ids.has(s.conversationId))));
    for (const id of ids) this.entries.delete(id);
    this.changed();
  }

  /**
   * Undo of a bulk snooze, with one save: each conversation still snoozed until `until` gets back
   * the snooze it had before (null: it had none, and wakes). Returns how many were put back.
   */
  async restore(until: number, before: ReadonlyMap<Id, Snooze | null>): Promise<number> {
    const ids = new Set([...before.keys()].filter((id) => this.entries.get(id)?.until === until));
    if (ids.size === 0) return 0;
    const earlier = [...ids].flatMap((id) => before.get(id) ?? []);
    await this.inTurn(() => this.save([...this.list().filter((s) => !ids.has(s.conversationId)), ...earlier]));
    for (const id of ids) this.entries.delete(id);
    for (const entry of earlier) this.entries.set(entry.conversationId, { ...entry });
    this.changed();
    return ids.size;
  }

  /** The visitor wrote: a snoozed conversation comes back at once, unless the agent had seen that message. */
  visitorWrote(conversationId: Id, partId: Id): void {
    const entry = this.entries.get(conversationId);
    if (!entry || (entry.seenPart !== null && compareIds(partId, entry.seenPart) <= 0)) return;
    this.end([conversationId], 'visitor');
  }

  /** Compares every snooze with the wall clock now, and looks again soon. */
  check(): void {
    if (this.unsaved) void this.inTurn(() => this.record());
    const now = this.options.clock.now();
    const due = [...this.entries.values()].filter((s) => s.until <= now).map((s) => s.conversationId);
    if (due.length) this.end(due, 'time');
    this.schedule();
  }

  private end(ids: Id[], because: SnoozeReturn): void {
    const ended = ids.map((id) => this.entries.get(id)!);
    for (const id of ids) this.entries.delete(id);
    // The return is shown even if the disk refuses it, and written again until the disk takes it:
    // a file that still held the snooze would return it a second time at the next start.
    void this.inTurn(() => this.record());
    this.changed();
    for (const entry of ended) this.events.emit('returned', { ...entry, because });
  }

  private schedule(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    if (!this.running || (this.entries.size === 0 && !this.unsaved)) return;
    let next = Infinity;
    for (const entry of this.entries.values()) next = Math.min(next, entry.until);
    const wait = Math.max(0, Math.min(next - this.options.clock.now(), SNOOZE_CHECK_MS));
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      this.check();
    }, wait);
  }

  private changed(): void {
    this.schedule();
    this.events.emit('changed', this.list());
  }

  /** Runs writes one after the other, each reading the snoozes as they are when its turn comes. */
  private inTurn(write: () => Promise<void>): Promise<void> {
    const turn = this.writing.then(write, write);
    this.writing = turn.catch(() => {});
    return turn;
  }

  /** Writes the snoozes held, which no longer hold those that returned; a refusal is kept for a retry. */
  private async record(): Promise<void> {
    try {
      await this.save();
    } catch {
      this.unsaved = true;
    }
    this.schedule();
  }

  /** Writes these snoozes (default: the ones held); a refusal is NotSavedError. */
  private async save(snoozes: Snooze[] = this.list()): Promise<void> {
    try {
      await this.options.file.write(snoozes);
    } catch (error) {
      throw new NotSavedError(error);
    }
    // Every write holds the returns made so far: none is left to record.
    this.unsaved = false;
  }
}
