import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app, calls, electronState, resetElectronDouble } from '../support/electron-double';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings/settings';
import {
  applyLoginItem,
  autostartEntry,
  openedHiddenAtLogin,
  shortcutBinder,
} from '../../src/main/electron/shell-settings';

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

  it('macOS: the login item carries nothing macOS ignores, and a start at login is hidden when chosen', () => {
    electronState.platform = 'darwin';
    const hidden = { ...DEFAULT_SETTINGS, startAtLogin: true, startHidden: true };
    applyLoginItem(hidden, { platform: 'darwin' });
    expect(calls.ignoredOptions).toEqual([]);
    expect(calls.loginItems.at(-1)).toEqual({ openAtLogin: true });
    // macOS passes no arguments to a login item: Perch asks how it was opened.
    app.openedAtLogin = true;
    expect(openedHiddenAtLogin(hidden, 'darwin')).toBe(true);
    expect(openedHiddenAtLogin({ ...hidden, startHidden: false }, 'darwin')).toBe(false);
    app.openedAtLogin = false;
    expect(openedHiddenAtLogin(hidden, 'darwin')).toBe(false);
  });

  it('Windows: the login item starts Perch with --hidden when chosen', () => {
    electronState.platform = 'win32';
    applyLoginItem({ ...DEFAULT_SETTINGS, startAtLogin: true, startHidden: true }, { platform: 'win32' });
    expect(calls.ignoredOptions).toEqual([]);
    expect(calls.loginItems.at(-1)).toEqual({ openAtLogin: true, args: ['--hidden'] });
  });

  it('registers the global shortcut to show Perch', () => {
    const show = vi.fn();
    const applyShortcut = shortcutBinder(show);
    applyShortcut(DEFAULT_SETTINGS);
    calls.shortcuts.get('CommandOrControl+Shift+P')!();
    expect(show).toHaveBeenCalled();
    applyShortcut({ ...DEFAULT_SETTINGS, startAtLogin: true });
    expect(calls.shortcutBinds).toEqual(['CommandOrControl+Shift+P']);
    applyShortcut({ ...DEFAULT_SETTINGS, shortcut: '' });
    expect(calls.shortcuts.size).toBe(0);
  });
});
