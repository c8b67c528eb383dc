import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Damaged copies of one file kept beside it; older ones are deleted. */
export const DAMAGED_COPIES_KEPT = 3;

/**
 * Writes a file atomically: a temporary file is written and synced, then renamed over the old
 * one, so a crash leaves the old content or the new, never half of one. The folder is made if
 * missing. `mode` is the file's permission bits (default: the process's usual ones); it is
 * set on the temporary file even when a crash left one behind, since `open` sets it only on a new file.
 */
export async function writeFileAtomic(
  path: string,
  text: string,
  options: { mode?: number; tmpPath?: string } = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = options.tmpPath ?? `${path}.tmp`;
  try {
    const handle = await open(tmp, 'w', options.mode);
    try {
      if (options.mode !== undefined) await handle.chmod(options.mode);
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (error) {
    // A full disk leaves no half-written temporary file behind.
    await rm(tmp, { force: true }).catch(() => {});
    throw error;
  }
}

/**
 * Moves a damaged file aside as `<name>.damaged-<time>` (someone may want it) and deletes all
 * but the newest few such copies, so a file damaged at every start cannot fill the disk.
 * Null when the file could not be moved.
 */
export async function moveAside(path: string, now = Date.now()): Promise<string | null> {
  const target = `${path}.damaged-${now}`;
  try {
    await rename(path, target);
  } catch {
    return null;
  }
  const prefix = `${basename(path)}.damaged-`;
  const copies = (await readdir(dirname(path)).catch(() => [] as string[]))
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .sort((a, b) => Number(b.slice(prefix.length)) - Number(a.slice(prefix.length)));
  await Promise.all(copies.slice(DAMAGED_COPIES_KEPT).map((name) => rm(join(dirname(path), name), { force: true })));
  return target;
}

/**
 * Deletes the temporary files a crash mid-write left beside a file (`<name>.tmp`,
 * `<name>.<pid>.tmp`): called at start, before the file is first written.
 */
export async function removeTemporaryFiles(path: string): Promise<void> {
  const name = basename(path);
  const leftovers = (await readdir(dirname(path)).catch(() => [] as string[])).filter(
    (entry) => entry.startsWith(`${name}.`) && entry.endsWith('.tmp'),
  );
  await Promise.all(leftovers.map((entry) => rm(join(dirname(path), entry), { force: true }).catch(() => {})));
}
