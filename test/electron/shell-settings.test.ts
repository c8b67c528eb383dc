import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, electronState, resetElectronDouble } from '../support/electron-double';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings/settings';
import { applyLoginItem, applyShortcut, autostartEntry } from '../../src/main/electron/shell-settings';

beforeEach(() => resetElectronDouble());

describe('start at login and the global shortcut', () => {
  it('writes and removes the Linux autostart entry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-autostart-'));
    applyLoginItem(
      { ...DEFAULT_SETTINGS, startAtLogin: true, startHidden: true },
      { platform: 'linux', configDir: dir },
    );
    const entry = readFileSync(join(dir, 'autostart', 'perch.desktop'), 'utf8');
    expect(entry).toContain('Exec="');
    expect(entry).toContain(' --hidden');
    applyLoginItem({ ...DEFAULT_SETTINGS, startAtLogin: false }, { platform: 'linux', configDir: dir });
    expect(existsSync(join(dir, 'autostart', 'perch.desktop'))).toBe(false);
    electronState.platform = 'darwin';
    applyLoginItem({ ...DEFAULT_SETTINGS, startAtLogin: true }, { platform: 'darwin' });
    expect(calls.loginItems.at(-1)).toEqual({ openAtLogin: true });
    // Quoting escapes, then the file's own string escapes (desktop-entry.test.ts reads it back).
    expect(autostartEntry('/opt/Per"ch/$x', false)).toContain('Exec="/opt/Per\\\\"ch/\\\\$x"');
  });

  it('registers the global shortcut to show Perch', () => {
    const show = vi.fn();
    applyShortcut(DEFAULT_SETTINGS, show);
    calls.shortcuts.get('CommandOrControl+Shift+P')!();
    expect(show).toHaveBeenCalled();
  });
});
