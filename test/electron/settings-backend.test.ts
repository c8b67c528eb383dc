import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../support/electron-double';
import { SettingsStore } from '../../src/main/core/settings/settings';
import { StateDamage } from '../../src/main/core/storage/state-damage';
import { electronStoreBackend } from '../../src/main/electron/settings-backend';

/** electron-store over the Electron double, with its file in a temp folder. */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'perch-estore-'));
  vi.spyOn(app, 'getPath').mockReturnValue(dir);
});
afterEach(() => vi.restoreAllMocks());

describe('settings in electron-store', () => {
  it('a settings.json with a syntax error: moved aside, defaults, reported, and saved again', async () => {
    await writeFile(join(dir, 'settings.json'), '{"version": 2, "locale": "ru",');
    const damage = new StateDamage();
    const settings = new SettingsStore(await electronStoreBackend(damage.reporter('settings')));
    await settings.load();
    expect(settings.get().locale).toBe('auto');
    expect(damage.list()).toEqual([
      { file: 'settings', movedTo: expect.stringContaining('settings.json.damaged-'), kept: null, total: null },
    ]);
    expect((await readdir(dir)).filter((f) => f.startsWith('settings.json.damaged-'))).toHaveLength(1);
    await settings.update((s) => ({ ...s, locale: 'ru' }));
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ locale: 'ru' });
  });

  it('a good settings.json is read as it is', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 2, locale: 'ru' }));
    const damage = new StateDamage();
    const settings = new SettingsStore(await electronStoreBackend(damage.reporter('settings')));
    await settings.load();
    expect(settings.get().locale).toBe('ru');
    expect(damage.list()).toEqual([]);
    expect(existsSync(join(dir, 'settings.json'))).toBe(true);
  });
});
