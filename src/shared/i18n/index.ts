import { en, ru, type MessageKey } from './catalog';

export type { MessageKey };
export type Locale = 'en' | 'ru';
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const catalogs: Record<Locale, Record<MessageKey, string>> = { en, ru };

/** The first supported language among the preferred ones (BCP 47 tags), else English. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ru' || base === 'en') return base;
  }
  return 'en';
}

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogs[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export const translator = (locale: Locale): Translate => (key, params) => translate(locale, key, params);
