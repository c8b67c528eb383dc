import { promises as nodeFs } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { LogSink } from '../ports';

/** The few file operations the log uses, so a test can hand in a disk that refuses. */
export interface LogFileSystem {
  appendFile(path: string, data: string): Promise<void>;
  stat(path: string): Promise<{ size: number }>;
  rename(from: string, to: string): Promise<void>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
}

export interface RotatingLogOptions {
  /** The current file, e.g. `<logs>/perch.log`; older ones are `perch.1.log` (newest) … `perch.<keep>.log`. */
  path: string;
  /** Size at which the current file is moved aside (default about 1 MB). */
  maxBytes?: number;
  /** How many older files are kept (default 3). */
  keep?: number;
  /** Lines waiting for the disk beyond this are dropped, so a stuck disk cannot grow memory. */
  maxPending?: number;
  fs?: LogFileSystem;
  now?: () => number;
}

/** How long a disk that refused a write is left alone (its lines dropped and counted meanwhile). */
const RESUME_AFTER_FAILURE_MS = 5_000;

/**
 * The log on disk: lines appended in order by one writer at a time, the file moved aside at
 * about 1 MB. A full or read-only disk never reaches the caller: each batch is tried once, and
 * what cannot be written is dropped and counted (the count is written once the disk takes lines again).
 */
export class RotatingLogFile implements LogSink {
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly maxPending: number;
  private readonly fs: LogFileSystem;
  private pending: string[] = [];
  private writing: Promise<void> | null = null;
  /** Size of the current file as far as Perch knows; null until it is read at the first write. */
  private size: number | null = null;
  private droppedSinceWrite = 0;
  private droppedTotal = 0;
  private resumeAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: RotatingLogOptions) {
    this.maxBytes = options.maxBytes ?? 1_000_000;
    this.keep = Math.max(1, options.keep ?? 3);
    this.maxPending = options.maxPending ?? 2_000;
    this.fs = options.fs ?? nodeFs;
    this.now = options.now ?? Date.now;
  }

  /** Lines that never reached the disk since the file was opened. */
  get dropped(): number {
    return this.droppedTotal;
  }

  write(line: string): void {
    if (this.pending.length >= this.maxPending) return this.drop(1);
    this.pending.push(line);
    // Cleared after the drain settles, never inside it: a drain that never awaits would clear it too early.
    this.writing ??= this.drain().finally(() => (this.writing = null));
  }

  /** Resolves once every line written so far has reached the disk or been dropped. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  async tail(maxLines: number, maxBytes: number): Promise<string[]> {
    await this.flush();
    const lines: string[] = [];
    let bytes = 0;
    // Newest file first; an older one only when the current one has too few lines.
    for (let i = 0; i <= this.keep && lines.length < maxLines; i++) {
      const text = await this.fs.readFile(this.fileAt(i), 'utf8').catch(() => '');
      const fileLines = text.split('\n').filter((l) => l !== '');
      for (let j = fileLines.length - 1; j >= 0 && lines.length < maxLines; j--) {
        bytes += Buffer.byteLength(fileLines[j]!) + 1;
        if (bytes > maxBytes) return lines.reverse();
        lines.push(fileLines[j]!);
      }
    }
    return lines.reverse();
  }

  private drop(count: number): void {
    this.droppedSinceWrite += count;
    this.droppedTotal += count;
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      // A disk that just refused is left alone a while: lines are dropped, not retried in a loop.
      if (this.now() < this.resumeAt) {
        this.drop(batch.length);
        continue;
      }
      const notice = this.droppedSinceWrite;
      const lines = notice > 0 ? [this.droppedLine(notice), ...batch] : batch;
      try {
        await this.append(lines.join('\n') + '\n');
        this.droppedSinceWrite -= notice;
      } catch {
        // Tried once: a full or read-only disk loses these lines, never the caller's time.
        this.drop(batch.length);
        this.resumeAt = this.now() + RESUME_AFTER_FAILURE_MS;
        // Read the size again next time: the disk may have taken part of the batch.
        this.size = null;
      }
    }
  }

  private droppedLine(count: number): string {
    return `${new Date(this.now()).toISOString()} WARN  log: ${count} lines were dropped (the disk refused them)`;
  }

  private async append(chunk: string): Promise<void> {
    if (this.size === null) {
      await this.fs.mkdir(dirname(this.options.path), { recursive: true });
      this.size = await this.fs.stat(this.options.path).then(
        (s) => s.size,
        () => 0,
      );
    }
    const bytes = Buffer.byteLength(chunk);
    if (this.size > 0 && this.size + bytes > this.maxBytes) await this.rotate();
    await this.fs.appendFile(this.options.path, chunk);
    this.size += bytes;
  }

  /** perch.log → perch.1.log → … → perch.<keep>.log; the oldest is overwritten. */
  private async rotate(): Promise<void> {
    for (let i = this.keep - 1; i >= 0; i--)
      await this.fs.rename(this.fileAt(i), this.fileAt(i + 1)).catch(() => undefined);
    this.size = 0;
  }

  private fileAt(index: number): string {
    if (index === 0) return this.options.path;
    const ext = extname(this.options.path);
    return join(dirname(this.options.path), `${basename(this.options.path, ext)}.${index}${ext}`);
  }
}
