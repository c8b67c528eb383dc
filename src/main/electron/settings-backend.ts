import { app } from 'electron';
import ElectronStore from 'electron-store';
import { join } from 'node:path';
import type { Settings } from '../core/settings/settings';
import type { ScopedLog, SettingsBackend } from '../core/ports';
import { moveAside } from '../../node-lib/atomic-file';
import { JsonFile, type StateProblem } from '../core/storage/json-file';
import { errorFields } from '../core/log/logger';

/**
 * Settings in electron-store's JSON file; validation and migrations stay in core/settings/settings.ts.
 * electron-store throws on a file that is not JSON, before any window exists: such a file is
 * moved aside and reported first, so Perch starts with the defaults instead of not at all.
 */
export async function electronStoreBackend(
  onDamaged: (problem: StateProblem) => void,
  log?: ScopedLog,
): Promise<SettingsBackend<Settings>> {
  const cwd = app.getPath('userData');
  const path = join(cwd, 'settings.json');
  const { problem } = await new JsonFile<unknown>(path).load();
  if (problem) onDamaged(problem);
  const store = await openStore(cwd, path, onDamaged, log);
  if (!store) return memoryBackend();
  return {
    read: async () => {
      try {
        return store.store;
      } catch (error) {
        onDamaged({ movedTo: await moveAside(path), kept: null, total: null, reason: (error as Error).message });
        return {};
      }
    },
    write: async (settings: Settings) => {
      store.store = settings as unknown as Record<string, unknown>;
    },
  };
}

async function openStore(
  cwd: string,
  path: string,
  onDamaged: (problem: StateProblem) => void,
  log?: ScopedLog,
): Promise<ElectronStore<Record<string, unknown>> | null> {
  const open = () => new ElectronStore<Record<string, unknown>>({ name: 'settings', cwd });
  try {
    return open();
  } catch (error) {
    const movedTo = await moveAside(path);
    if (movedTo) onDamaged({ movedTo, kept: null, total: null, reason: (error as Error).message });
  }
  try {
    return open();
  } catch (error) {
    // The folder itself cannot be used: settings last for this run only.
    log?.warn('settings cannot be kept; using defaults for this run', errorFields(error));
    return null;
  }
}

function memoryBackend(): SettingsBackend<Settings> {
  let kept: Settings | undefined;
  return { read: async () => kept, write: async (settings) => void (kept = settings) };
}
