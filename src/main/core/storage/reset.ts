import { mkdir, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Translate } from '../../../shared/i18n';

/** Perch's own entries in its data folder; everything else there belongs to Chromium. */
const STATE_ENTRY = /^(settings\.json|account\.json|tokens\.(plain|enc)\.json|demo|account-[0-9a-f]{16})$/;

/**
 * Moves Perch's state (settings, account, token files, the demo and every account's outbox
 * and cache) into `reset-<time>/` in the data folder, so the next start is a first run and
 * nothing is deleted: unsent replies are still there for someone to look at.
 */
export async function moveStateAside(dataDir: string, now = Date.now()): Promise<{ folder: string; moved: string[] }> {
  const folder = join(dataDir, `reset-${now}`);
  const names = (await readdir(dataDir).catch(() => [] as string[])).filter((name) => STATE_ENTRY.test(name));
  await mkdir(folder, { recursive: true });
  for (const name of names) await rename(join(dataDir, name), join(folder, name));
  return { folder, moved: names };
}

export type StartupChoice = 'reset' | 'quit';

/** The question asked when Perch could not start: its buttons in the order of `choiceOf`. */
export function startupFailureDialog(t: Translate, error: unknown, dataDir: string) {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    type: 'error' as const,
    title: t('startup.failedTitle'),
    message: t('startup.failedTitle'),
    detail: t('startup.failedDetail', { reason: reason.slice(0, 300), path: join(dataDir, 'reset-…') }),
    buttons: [t('startup.reset'), t('startup.quit')],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
}

/** The button the agent clicked (Escape or closing the box is "quit"). */
export const choiceOf = (response: number): StartupChoice => (response === 0 ? 'reset' : 'quit');
