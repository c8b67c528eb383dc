import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { moveAside, writeFileAtomic } from '../../../node-lib/atomic-file';
import type { SearchStorage } from '../ports';

/** Message text is the agent's and the visitors': only this user may read it. */
const PRIVATE = 0o600;

const readOrEmpty = (path: string) =>
  readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });

/** The search store in `search-index.jsonl` and `search-journal.jsonl` of a folder. */
export function searchFiles(dir: string): SearchStorage {
  const snapshotPath = join(dir, 'search-index.jsonl');
  const journalPath = join(dir, 'search-journal.jsonl');
  return {
    read: async () => ({ snapshot: await readOrEmpty(snapshotPath), journal: await readOrEmpty(journalPath) }),
    append: async (lines) => {
      await mkdir(dirname(journalPath), { recursive: true });
      await appendFile(journalPath, lines, { mode: PRIVATE });
    },
    compact: async (snapshot) => {
      await writeFileAtomic(snapshotPath, snapshot, { mode: PRIVATE });
      await writeFile(journalPath, '', { mode: PRIVATE });
    },
    moveAside: async () => {
      const movedTo = await moveAside(snapshotPath);
      await moveAside(journalPath);
      return movedTo;
    },
  };
}
