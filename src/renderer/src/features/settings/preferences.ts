import { resolveLocale } from '../../../../shared/i18n';
import type { LocaleChoice, ThemeChoice } from '../../../../shared/settings';
import { setLocale } from '../../ui/i18n';

export type { LocaleChoice, ThemeChoice };

const THEME_KEY = 'perch.theme';
const LOCALE_KEY = 'perch.locale';

/** Shows the theme kept in main's settings; the OS decides while it is "system". */
export function applyTheme(theme: ThemeChoice): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/** Speaks the language kept in main's settings; the browser's while it is "auto". */
export function applyLocale(choice: LocaleChoice): void {
  setLocale(resolveLocale(choice, navigator.languages));
}

/**
 * Choices an older Perch kept in this window's storage, handed over once to main's settings
 * and then forgotten, so the settings are the only place they live.
 */
export function takeStoredPreferences(storage: Storage = localStorage): { locale?: LocaleChoice; theme?: ThemeChoice } {
  const theme = storage.getItem(THEME_KEY);
  const locale = storage.getItem(LOCALE_KEY);
  storage.removeItem(THEME_KEY);
  storage.removeItem(LOCALE_KEY);
  return {
    ...(theme === 'light' || theme === 'dark' ? { theme } : {}),
    ...(locale === 'en' || locale === 'ru' ? { locale } : {}),
  };
}
