import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, dialog, resetElectronDouble } from '../support/electron-double';
import { choiceOf, moveStateAside, startupFailureDialog } from '../../src/main/core/storage/reset';
import { offerResetOrQuit } from '../../src/main/electron/startup-failure';
import { translator } from '../../src/shared/i18n';

let dir: string;
beforeEach(async () => {
  resetElectronDouble();
  dir = await mkdtemp(join(tmpdir(), 'perch-reset-'));
  for (const name of ['settings.json', 'account.json', 'tokens.plain.json']) await writeFile(join(dir, name), '{');
  await mkdir(join(dir, 'demo'));
  await mkdir(join(dir, 'account-0123456789abcdef'));
  await writeFile(join(dir, 'account-0123456789abcdef', 'outbox-101.json'), '[]');
  await mkdir(join(dir, 'Local Storage'));
  vi.spyOn(app, 'getPath').mockReturnValue(dir);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('when Perch cannot start', () => {
  it('asks in a sentence; "move data aside" keeps every state file in reset-<time>/ and relaunches', async () => {
    dialog.nextResponse = 0;
    await offerResetOrQuit(new Error('EACCES: permission denied'));
    expect(dialog.shown).toHaveLength(1);
    expect(dialog.shown[0]).toMatchObject({
      title: 'Perch could not start',
      buttons: ['Move data aside and restart', 'Quit'],
    });
    expect(dialog.shown[0]!.detail).toContain('EACCES: permission denied');
    expect(app.relaunched).toBe(true);
    expect(app.exitCode).toBe(0);
    const left = await readdir(dir);
    // Chromium's own folders stay; Perch's state is in one reset folder, nothing deleted.
    expect(left.sort()).toEqual(['Local Storage', expect.stringMatching(/^reset-\d+$/)]);
    const reset = join(
      dir,
      left.find((n) => n.startsWith('reset-'))!,
    );
    expect((await readdir(reset)).sort()).toEqual([
      'account-0123456789abcdef',
      'account.json',
      'demo',
      'settings.json',
      'tokens.plain.json',
    ]);
    expect(existsSync(join(reset, 'account-0123456789abcdef', 'outbox-101.json'))).toBe(true);
  });

  it('"quit" (or Escape) moves nothing and exits', async () => {
    dialog.nextResponse = 1;
    await offerResetOrQuit(new Error('boom'));
    expect(app.relaunched).toBe(false);
    expect(app.exitCode).toBe(1);
    expect(existsSync(join(dir, 'settings.json'))).toBe(true);
  });

  it('the decision and the text, outside Electron', async () => {
    expect(choiceOf(0)).toBe('reset');
    expect(choiceOf(1)).toBe('quit');
    expect(choiceOf(-1)).toBe('quit');
    const ru = startupFailureDialog(translator('ru'), new Error('x'), dir);
    expect(ru.buttons).toEqual(['Убрать данные и перезапустить', 'Выйти']);
    expect(ru.cancelId).toBe(1);
    const moved = await moveStateAside(dir, 42);
    expect(moved.folder).toBe(join(dir, 'reset-42'));
    expect(moved.moved).toHaveLength(5);
  });
});
