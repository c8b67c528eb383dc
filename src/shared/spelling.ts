/**
 * The languages Perch checks spelling in: those the agent chose in Settings, or, while they
 * follow Perch's language, that language (with English beside Russian: agents who write
 * Russian also answer in English). Codes are Chromium's Hunspell dictionaries; Electron's
 * adapter keeps only those its session has (`availableSpellCheckerLanguages`).
 */
export const SPELL_LANGUAGES = ['en-US', 'en-GB', 'ru', 'uk', 'de', 'fr', 'es'] as const;
export type SpellLanguage = (typeof SPELL_LANGUAGES)[number];
/** Chromium checks at most a few languages at once. */
export const SPELL_LANGUAGES_MAX = 3;

export const isSpellLanguage = (value: unknown): value is SpellLanguage =>
  typeof value === 'string' && (SPELL_LANGUAGES as readonly string[]).includes(value);

/**
 * The languages to check: `chosen` null follows the window's language; an empty list turns
 * the checking off.
 */
export function spellLanguagesFor(chosen: readonly SpellLanguage[] | null, locale: 'en' | 'ru'): SpellLanguage[] {
  if (chosen) return [...chosen];
  return locale === 'ru' ? ['ru', 'en-US'] : ['en-US'];
}
