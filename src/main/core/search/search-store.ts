import type { AccountId } from '../../../shared/accounts';
import type { ConversationPart, Id } from '../../../shared/api/types';
import { partText, type SearchAnswer } from '../../../shared/search';
import { silentLogger } from '../log/logger';
import type { Clock, ScopedLog, SearchStorage } from '../ports';
import type { StateProblem } from '../storage/json-file';
import { SEARCH_LIMITS, SearchIndex, type SearchLimits, type SearchRecord } from './search-index';

/** New text waits this long before it is written, so a page of parts is one write. */
const FLUSH_MS = 1000;
/** The journal is folded into the snapshot once it is this long, or longer than the snapshot. */
const COMPACT_MIN_CHARS = 1_000_000;
/** The first line of a snapshot: the format it is written in. */
const HEADER = JSON.stringify({ perchSearch: 1 });

/**
 * What Perch has read, kept for the search across reloads and restarts (search-index.ts),
 * on disk through the `SearchStorage` port: a snapshot and a journal appended after it,
 * folded into a new snapshot as it grows. A damaged store is moved aside and starts empty (the
 * accounts tell the agent, with the other damaged state files):
 * what Perch reads from then on fills it again. A refused write is logged and dropped; the
 * search goes on from memory.
 */
export class SearchStore {
  private index: SearchIndex;
  private pending: string[] = [];
  /** Records made before the files were read: replayed on top of them. */
  private early: SearchRecord[] | null = [];
  private timer: unknown = null;
  private writing: Promise<void> = Promise.resolve();
  private journalChars = 0;
  private snapshotChars = 0;
  private readonly log: ScopedLog;

  constructor(
    private readonly deps: {
      storage: SearchStorage;
      clock: Clock;
      log?: ScopedLog;
      limits?: SearchLimits;
    },
  ) {
    this.index = new SearchIndex(deps.limits ?? SEARCH_LIMITS);
    this.log = deps.log ?? silentLogger.scope('search');
  }

  /** Reads what earlier runs kept; a damaged store is moved aside, and the problem returned. */
  async load(): Promise<StateProblem | null> {
    const index = new SearchIndex(this.deps.limits ?? SEARCH_LIMITS);
    let problem: StateProblem | null = null;
    try {
      const { snapshot, journal } = await this.deps.storage.read();
      const damage = replaySnapshot(index, snapshot) ?? replayJournal(index, journal);
      if (damage) throw new Error(damage);
      this.snapshotChars = snapshot.length;
      this.journalChars = journal.length;
    } catch (error) {
      const reason = (error as Error).message;
      problem = { movedTo: await this.deps.storage.moveAside().catch(() => null), kept: null, total: null, reason };
      this.log.warn('search store damaged: moved aside, starting empty', { reason });
      this.index = new SearchIndex(this.deps.limits ?? SEARCH_LIMITS);
      this.snapshotChars = this.journalChars = 0;
      this.replayEarly();
      return problem;
    }
    this.index = index;
    this.replayEarly();
    return problem;
  }

  /** Parts Perch read of a conversation: those not kept yet are. */
  read(
    accountId: AccountId,
    conversationId: Id,
    parts: readonly Pick<ConversationPart, 'id' | 'body' | 'attachments'>[],
  ) {
    this.record(
      this.index.add(
        accountId,
        conversationId,
        parts.map((p) => ({ id: p.id, text: partText(p) })),
      ),
    );
  }

  /** What the agent wrote and the outbox sent: `id` is its part's, or the outbox item's when the API named none. */
  wrote(accountId: AccountId, conversationId: Id, id: string, body: string): void {
    this.read(accountId, conversationId, [{ id, body, attachments: [] }]);
  }

  /** An account signed out: what Perch read of it goes. */
  forget(accountId: AccountId): void {
    this.record(this.index.forget(accountId));
  }

  /** Conversations holding any of the words (lowercase), most recently read first. */
  search(words: readonly string[]): SearchAnswer {
    return this.index.search(words);
  }

  get size(): number {
    return this.index.size;
  }

  /** Writes what waits now. */
  async flush(): Promise<void> {
    this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length) {
      const lines = this.pending.join('');
      this.pending = [];
      this.writing = this.writing.then(() => this.write(lines));
    }
    await this.writing;
  }

  private record(record: SearchRecord | null): void {
    if (!record) return;
    if (this.early) this.early.push(record);
    this.pending.push(`${JSON.stringify(record)}\n`);
    this.timer ??= this.deps.clock.setTimeout(() => void this.flush(), FLUSH_MS);
  }

  private replayEarly(): void {
    for (const record of this.early ?? []) this.index.replay(record);
    this.early = null;
  }

  private async write(lines: string): Promise<void> {
    const { storage } = this.deps;
    try {
      if (this.journalChars + lines.length > Math.max(COMPACT_MIN_CHARS, this.snapshotChars)) {
        const snapshot = [HEADER, ...this.index.records().map((r) => JSON.stringify(r))].join('\n') + '\n';
        await storage.compact(snapshot);
        this.snapshotChars = snapshot.length;
        this.journalChars = 0;
      } else {
        await storage.append(lines);
        this.journalChars += lines.length;
      }
    } catch (error) {
      this.log.warn('search store not saved', { reason: (error as Error).message });
    }
  }
}

/** Replays a snapshot; what is wrong with it, or null. */
function replaySnapshot(index: SearchIndex, text: string): string | null {
  if (text === '') return null;
  const lines = text.split('\n');
  if (lines[0] !== HEADER) return 'the search snapshot has no header';
  if (lines.at(-1) !== '') return 'the search snapshot is cut short';
  for (let i = 1; i < lines.length - 1; i++) if (!replayLine(index, lines[i]!)) return `snapshot line ${i + 1}`;
  return null;
}

/** Replays the journal; a last line cut short by a crash is left out. What is wrong, or null. */
function replayJournal(index: SearchIndex, text: string): string | null {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i++) if (!replayLine(index, lines[i]!)) return `journal line ${i + 1}`;
  return null;
}

function replayLine(index: SearchIndex, line: string): boolean {
  try {
    return index.replay(JSON.parse(line));
  } catch {
    return false;
  }
}
