import { useSyncExternalStore } from 'react';
import {
  pickLocale,
  translate,
  translatePlural,
  type Locale,
  type MessageKey,
  type PluralBase,
} from '../../../shared/i18n';

export type { Locale };
let current: Locale = pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
const listeners = new Set<() => void>();

export function setLocale(locale: Locale): void {
  current = locale;
  // Setting it again, even unchanged, restyles the whole page.
  if (document.documentElement.lang !== locale) document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

export function getLocale(): Locale {
  return current;
}

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return translate(current, key, params);
}

/** A counted phrase with the right plural form of the current language. */
export function tn(base: PluralBase, count: number, params?: Record<string, string | number>): string {
  return translatePlural(current, base, count, params);
}

/** Re-renders the component when the language changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
