import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { moveAside, removeTemporaryFiles, writeFileAtomic } from '../../../node-lib/atomic-file';

import type { LoadResult, Recovery, StateProblem } from '../ports';

export type { LoadResult, Recovery, StateProblem };

/**
 * One JSON document in one file, written atomically (temporary file, fsync, rename) so a
 * crash leaves the old or the new content, never half of one. Writes are serialized.
 * With a schema, what is read is checked against it: a file that is not JSON or fails the
 * schema is moved aside, and only what the schema (or a recovery) accepts comes back.
 */
export class JsonFile<T> {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly schema?: z.ZodType<T>,
  ) {}

  /** The content and, when the file was damaged, what happened to it. A schema given here overrides the file's. */
  async load(options: { schema?: z.ZodType<T>; recover?: Recovery<T> } = {}): Promise<LoadResult<T>> {
    const schema = options.schema ?? this.schema;
    // What a crash mid-write left beside the file goes before anything is read or written.
    await removeTemporaryFiles(this.path);
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { value: undefined, problem: null };
      return {
        value: undefined,
        problem: { movedTo: await moveAside(this.path), kept: null, total: null, reason: (error as Error).message },
      };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return {
        value: undefined,
        problem: { movedTo: await moveAside(this.path), kept: null, total: null, reason: (error as Error).message },
      };
    }
    if (!schema) return { value: raw as T, problem: null };
    const checked = schema.safeParse(raw);
    if (checked.success) return { value: checked.data, problem: null };
    const recovered = options.recover?.(raw) ?? null;
    const issue = checked.error.issues[0];
    const reason = `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`;
    return {
      value: recovered?.value,
      problem: {
        movedTo: await moveAside(this.path),
        kept: recovered?.kept ?? null,
        total: recovered?.total ?? null,
        reason,
      },
    };
  }

  /** The content, or undefined when there is none or it was damaged (and moved aside). */
  async read(): Promise<T | undefined> {
    return (await this.load()).value;
  }

  /** The content if it is there and valid, without moving anything: for a look before the real load. */
  async peek(): Promise<T | undefined> {
    const text = await readFile(this.path, 'utf8').catch(() => null);
    if (text === null) return undefined;
    try {
      const raw: unknown = JSON.parse(text);
      if (!this.schema) return raw as T;
      const checked = this.schema.safeParse(raw);
      return checked.success ? checked.data : undefined;
    } catch {
      return undefined;
    }
  }

  write(value: T): Promise<void> {
    const run = this.queue.then(() => this.writeNow(value));
    this.queue = run.catch(() => {});
    return run;
  }

  private async writeNow(value: T): Promise<void> {
    await writeFileAtomic(this.path, JSON.stringify(value), { mode: 0o600 });
  }
}

/** A change Perch could not save on this computer (a full or read-only disk): it was not made. */
export class NotSavedError extends Error {
  override readonly name = 'NotSavedError';
  constructor(cause: unknown) {
    super(`Perch could not save this on this computer: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
