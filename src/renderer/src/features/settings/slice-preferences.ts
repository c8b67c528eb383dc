import { applyLocale, applyTheme, takeStoredPreferences } from './preferences';
import { usePerch } from '../../store';
import { applyZoom } from './slice-zoom';

/**
 * Shows the language, theme and zoom main keeps, whenever they change (here, from the tray or the
 * palette), and hands over once what an older Perch kept in this window's storage.
 */
export function followPreferences(): () => void {
  let migrated = false;
  let shown = '';
  const follow = () => {
    const settings = usePerch.getState().settings;
    if (!settings) return;
    const key = `${settings.locale}|${settings.theme}|${settings.zoomPercent}`;
    if (key !== shown) {
      shown = key;
      applyTheme(settings.theme);
      applyLocale(settings.locale);
      applyZoom(settings.zoomPercent);
    }
    if (migrated) return;
    migrated = true;
    // The window's storage is slow to open: it is read once the first screen is up.
    whenIdle(() => {
      const stored = takeStoredPreferences();
      if (stored.locale || stored.theme) void usePerch.getState().updateSettings(stored);
    });
  };
  follow();
  return usePerch.subscribe(follow);
}

const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 500);
