import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * One JSON document in one file, written atomically (temporary file, fsync, rename) so a
 * crash leaves the old or the new content, never half of one. Writes are serialized.
 */
export class JsonFile<T> {
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  async read(): Promise<T | undefined> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      // A damaged file is moved aside, not silently overwritten: someone may want it.
      await rename(this.path, `${this.path}.damaged-${Date.now()}`).catch(() => {});
      return undefined;
    }
  }

  write(value: T): Promise<void> {
    const run = this.queue.then(() => this.writeNow(value));
    this.queue = run.catch(() => {});
    return run;
  }

  private async writeNow(value: T): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    const handle = await open(tmp, 'w', 0o600);
    try {
      // The mode of `open` applies only to a new file: a temporary file left by a crash keeps its own.
      await handle.chmod(0o600);
      await handle.writeFile(JSON.stringify(value));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, this.path);
  }
}
