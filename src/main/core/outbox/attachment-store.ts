import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AttachmentRef } from '../../../shared/attachments';

/**
 * The bytes of attachments waiting in the outbox, one file each, written (and fsynced)
 * before the item that names them is queued, so a crash can lose neither.
 */
export class AttachmentStore {
  constructor(private readonly dir: string) {}

  async put(bytes: Uint8Array, meta: { name: string; type: string }): Promise<AttachmentRef> {
    const fileId = randomUUID();
    await mkdir(this.dir, { recursive: true });
    const tmp = join(this.dir, `${fileId}.tmp`);
    const handle = await open(tmp, 'w', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, join(this.dir, fileId));
    return { fileId, name: meta.name, type: meta.type, size: bytes.byteLength };
  }

  /** The bytes, or null when the file is gone (then the item cannot be sent as it was). */
  async read(ref: AttachmentRef): Promise<Uint8Array | null> {
    if (!/^[0-9a-f-]{36}$/.test(ref.fileId)) return null;
    try {
      return new Uint8Array(await readFile(join(this.dir, ref.fileId)));
    } catch {
      return null;
    }
  }

  async remove(ref: AttachmentRef): Promise<void> {
    if (/^[0-9a-f-]{36}$/.test(ref.fileId)) await rm(join(this.dir, ref.fileId), { force: true });
  }

  /** Removes files no queued item names: left by a crash between writing a file and queueing its item. */
  async prune(keep: Set<string>): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    await Promise.all(names.filter((name) => !keep.has(name)).map((name) => rm(join(this.dir, name), { force: true })));
  }
}
