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
  const key = `${base}.${pluralRules(locale).select(count)}` as MessageKey;
  const chosen = key in catalogs[locale] ? key : (`${base}.other` as MessageKey);
  return translate(locale, chosen, { count: formatCount(locale, count), ...params });
}

/** Building the rules costs far more than using them, and counts render on every screen. */
const rulesByLocale = new Map<Locale, Intl.PluralRules>();
const numbersByLocale = new Map<Locale, Intl.NumberFormat>();
function pluralRules(locale: Locale): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

/**
 * A count as the language writes it. Below 1,000 a whole number has no grouping in either
 * language, so it is written as is: the first Intl.NumberFormat of a page costs ~20 ms (the
 * browser loads its number data), which the first screen's counts need not pay.
 */
export function formatCount(locale: Locale, count: number): string {
  if (Number.isInteger(count) && Math.abs(count) < 1000) return String(count);
  let numbers = numbersByLocale.get(locale);
  if (!numbers) numbersByLocale.set(locale, (numbers = new Intl.NumberFormat(locale)));
  return numbers.format(count);
}
