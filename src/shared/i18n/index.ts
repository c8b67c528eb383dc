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

/** `{count}` with the plural form the language's rules pick; a missing form falls back to `.other`. */
export function translatePlural(
  locale: Locale,
  base: PluralBase,
  count: number,
  params: Record<string, string | number> = {},
): string {
  const key = `${base}.${pluralCategory(locale, count)}` as MessageKey;
  const chosen = key in catalogs[locale] ? key : (`${base}.other` as MessageKey);
  return translate(locale, chosen, { count: formatCount(locale, count), ...params });
}

/**
 * The CLDR plural category of a count. Whole numbers follow the two languages' rules written
 * out here (tested equal to Intl.PluralRules): the first Intl.PluralRules of a page costs
 * milliseconds of the first screen. Fractions ask Intl.
 */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  if (!Number.isSafeInteger(count)) return pluralRules(locale).select(count);
  const n = Math.abs(count);
  if (locale === 'en') return n === 1 ? 'one' : 'other';
  const lastDigit = n % 10;
  const lastTwo = n % 100;
  if (lastDigit === 1 && lastTwo !== 11) return 'one';
  if (lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
}

/** Building the rules costs far more than using them. */
const rulesByLocale = new Map<Locale, Intl.PluralRules>();
const numbersByLocale = new Map<Locale, Intl.NumberFormat>();
function pluralRules(locale: Locale): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

/** What separates groups of three digits: a comma in English, a no-break space in Russian. */
const GROUP_SEPARATOR: Record<Locale, string> = { en: ',', ru: '\u00a0' };

/**
 * A count as the language writes it. Whole numbers are grouped here as Intl.NumberFormat
 * groups them (tested equal in both languages): the first Intl.NumberFormat of a page costs
 * ~20 ms (the browser loads its number data), which the first screen's counts need not pay.
 */
export function formatCount(locale: Locale, count: number): string {
  if (Number.isSafeInteger(count)) {
    const digits = String(Math.abs(count));
    let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
    for (let i = grouped.length; i < digits.length; i += 3) grouped += GROUP_SEPARATOR[locale] + digits.slice(i, i + 3);
    return count < 0 || Object.is(count, -0) ? `-${grouped}` : grouped;
  }
  let numbers = numbersByLocale.get(locale);
  if (!numbers) numbersByLocale.set(locale, (numbers = new Intl.NumberFormat(locale)));
  return numbers.format(count);
}
