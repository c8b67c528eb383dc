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

/** The language of a choice kept in settings: the OS's preferred one while "auto". */
export function resolveLocale(choice: 'auto' | Locale, preferred: readonly string[]): Locale {
  return choice === 'auto' ? pickLocale(preferred) : choice;
}

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogs[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export const translator =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);

/** Plural forms are keys ending in the CLDR category (`.one`, `.few`, `.many`, `.other`); English has one and other. */
export type PluralBase = MessageKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never;

/** `{count}` with the plural form the language's rules (Intl.PluralRules) pick; a missing form falls back to `.other`. */
export function translatePlural(
  locale: Locale,
  base: PluralBase,
  count: number,
  params: Record<string, string | number> = {},
): string {
  const { plurals, numbers } = numberRules(locale);
  const key = `${base}.${plurals.select(count)}` as MessageKey;
  const chosen = key in catalogs[locale] ? key : (`${base}.other` as MessageKey);
  return translate(locale, chosen, { count: numbers.format(count), ...params });
}

/** Building the rules costs far more than using them, and counts render on every screen. */
const rulesByLocale = new Map<Locale, { plurals: Intl.PluralRules; numbers: Intl.NumberFormat }>();
function numberRules(locale: Locale) {
  let rules = rulesByLocale.get(locale);
  if (!rules) {
    rules = { plurals: new Intl.PluralRules(locale), numbers: new Intl.NumberFormat(locale) };
    rulesByLocale.set(locale, rules);
  }
  return rules;
}
