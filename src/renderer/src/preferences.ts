import { pickLocale, type Locale } from '../../shared/i18n';
import { setLocale } from './i18n';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type LocaleChoice = 'auto' | Locale;

const THEME_KEY = 'perch.theme';
const LOCALE_KEY = 'perch.locale';

/** The agent's own choices for this window; the OS decides while they are "system"/"auto". */
export function readPreferences(storage: Storage = localStorage): { theme: ThemeChoice; locale: LocaleChoice } {
  const theme = storage.getItem(THEME_KEY);
  const locale = storage.getItem(LOCALE_KEY);
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : 'system',
    locale: locale === 'en' || locale === 'ru' ? locale : 'auto',
  };
}

export function applyTheme(theme: ThemeChoice, storage: Storage = localStorage): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  storage.setItem(THEME_KEY, theme);
}

export function applyLocale(choice: LocaleChoice, storage: Storage = localStorage): void {
  setLocale(choice === 'auto' ? pickLocale(navigator.languages) : choice);
  storage.setItem(LOCALE_KEY, choice);
}
