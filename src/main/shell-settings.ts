import { app, globalShortcut, type BrowserWindow } from 'electron';
import type { Settings, SettingsStore } from './core/settings';

/** Start at login, hidden if chosen: the OS launches Perch with --hidden. */
export function applyLoginItem(settings: Settings): void {
  if (process.platform === 'linux') return; // Linux autostart needs a .desktop file; packaging provides it.
  app.setLoginItemSettings({ openAtLogin: settings.startAtLogin, args: settings.startHidden ? ['--hidden'] : [] });
}

/** The global "show Perch" shortcut; an accelerator the OS refuses is reported, not fatal. */
export function applyShortcut(settings: Settings, show: () => void): void {
  globalShortcut.unregisterAll();
  if (!settings.shortcut) return;
  try {
    if (!globalShortcut.register(settings.shortcut, show)) console.warn(`perch: the shortcut ${settings.shortcut} is taken by another app`);
  } catch (error) {
    console.warn(`perch: invalid shortcut ${settings.shortcut}`, error);
  }
}

/** Remembers the window's size and position, saved a moment after the last move. */
export function rememberBounds(window: BrowserWindow, settings: SettingsStore): void {
  let timer: NodeJS.Timeout | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      if (window.isDestroyed() || window.isMinimized() || window.isMaximized()) return;
      const { x, y, width, height } = window.getBounds();
      void settings.update((s) => ({ ...s, windowBounds: { x, y, width: Math.max(400, width), height: Math.max(300, height) } }));
    }, 500);
  };
  window.on('resize', save);
  window.on('move', save);
}
