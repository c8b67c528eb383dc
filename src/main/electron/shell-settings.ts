import { app, globalShortcut, type BrowserWindow } from 'electron';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { errorFields } from '../core/log/logger';
import type { ScopedLog } from '../core/ports';
import type { Settings, SettingsStore } from '../core/settings/settings';
import { zoomStep } from '../../shared/zoom';

/**
 * The `Exec` value of a desktop entry for one program path, by the Desktop Entry
 * Specification: the path quoted with `"`, `` ` ``, `$` and `\` escaped inside the quotes, `%`
 * doubled (it starts field codes), and then the value escaped as every string of the file is
 * (`\` doubled, newline, tab and carriage return as `\n`, `\t`, `\r`).
 */
export function execValue(execPath: string, args: string[] = []): string {
  const quoted = `"${execPath.replace(/(["`$\\])/g, '\\$1')}"`.replace(/%/g, '%%');
  const line = [quoted, ...args].join(' ');
  return line.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
}

/** The XDG autostart entry that starts Perch at login on Linux desktops. */
export function autostartEntry(execPath: string, hidden: boolean): string {
  const exec = execValue(execPath, hidden ? ['--hidden'] : []);
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Perch',
    `Exec=${exec}`,
    'X-GNOME-Autostart-enabled=true',
    'Terminal=false',
    '',
  ].join('\n');
}

/**
 * Start at login, hidden if chosen. Windows and the Linux autostart entry launch Perch with
 * --hidden; macOS takes no arguments for a login item (`args` is Windows-only), so there Perch
 * asks at start whether the login opened it (`openedHiddenAtLogin`).
 */
export function applyLoginItem(
  settings: Settings,
  options: { platform?: NodeJS.Platform; configDir?: string; log?: ScopedLog } = {},
): void {
  const platform = options.platform ?? process.platform;
  if (platform === 'darwin') return void app.setLoginItemSettings({ openAtLogin: settings.startAtLogin });
  if (platform !== 'linux') {
    app.setLoginItemSettings({ openAtLogin: settings.startAtLogin, args: settings.startHidden ? ['--hidden'] : [] });
    return;
  }
  const dir = join(options.configDir ?? process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'autostart');
  const file = join(dir, 'perch.desktop');
  try {
    if (settings.startAtLogin) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, autostartEntry(process.env.APPIMAGE ?? process.execPath, settings.startHidden));
    } else rmSync(file, { force: true });
  } catch (error) {
    options.log?.warn('could not change the autostart entry', errorFields(error));
  }
}

/** macOS: the login opened Perch and the agent chose to start hidden (elsewhere --hidden says so). */
export function openedHiddenAtLogin(settings: Settings, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'darwin' || !settings.startAtLogin || !settings.startHidden) return false;
  return app.getLoginItemSettings().wasOpenedAtLogin === true;
}

/**
 * The global "show Perch" shortcut, bound again only when the setting changes: on Wayland every
 * bind goes through the desktop portal, which may ask the agent each time. An accelerator the
 * OS refuses is reported, not fatal.
 */
export function shortcutBinder(show: () => void, log?: ScopedLog): (settings: Settings) => void {
  let bound: string | undefined;
  return (settings) => {
    if (settings.shortcut === bound) return;
    bound = settings.shortcut;
    globalShortcut.unregisterAll();
    if (!settings.shortcut) return;
    try {
      if (!globalShortcut.register(settings.shortcut, show))
        log?.warn('the shortcut is taken by another app', { shortcut: settings.shortcut });
    } catch (error) {
      log?.warn('invalid shortcut', { shortcut: settings.shortcut, ...errorFields(error) });
    }
  };
}

/** Remembers the window's size and position, saved a moment after the last move. */
export function rememberBounds(window: BrowserWindow, settings: SettingsStore): void {
  let timer: NodeJS.Timeout | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      if (window.isDestroyed() || window.isMinimized() || window.isMaximized()) return;
      const { x, y, width, height } = window.getBounds();
      void settings.update((s) => ({
        ...s,
        windowBounds: { x, y, width: Math.max(400, width), height: Math.max(300, height) },
      }));
    }, 500);
  };
  window.on('resize', save);
  window.on('move', save);
}

/**
 * The window's zoom from the settings, applied again whenever the page loads anew. Ctrl+wheel
 * (and a pinch that reaches Chromium as one) asks through `zoom-changed`: it steps the setting
 * as Ctrl+= and Ctrl+- do, so it is kept, shown in Settings, and the window follows the setting.
 */
export function followZoom(window: BrowserWindow, settings: SettingsStore, log?: ScopedLog): () => void {
  const apply = () => {
    if (!window.isDestroyed()) window.webContents.setZoomFactor(settings.get().zoomPercent / 100);
  };
  apply();
  window.webContents.on('did-finish-load', apply);
  window.webContents.on('zoom-changed', (_event, direction: unknown) => {
    if (direction !== 'in' && direction !== 'out') return;
    settings
      .update((s) => ({ ...s, zoomPercent: zoomStep(s.zoomPercent, direction) }))
      // At 50 % or 200 % nothing changes: the window is put back to the setting all the same.
      .then(apply, (error: unknown) => log?.warn('zoom not kept', errorFields(error)));
  });
  return apply;
}
