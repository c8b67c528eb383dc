import { describe, expect, it } from 'vitest';
import { formatCount, pluralCategory, translatePlural, type PluralBase } from '../../src/shared/i18n';
import { en, ru } from '../../src/shared/i18n/catalog';

describe('counted phrases', () => {
  it('take the Russian form Intl.PluralRules picks: 1, 2–4, 5–20, 21', () => {
    expect([1, 3, 5, 21, 11].map((n) => translatePlural('ru', 'inbox.unreadConversations', n))).toEqual([
      '1 непрочитанный диалог',
      '3 непрочитанных диалога',
      '5 непрочитанных диалогов',
      '21 непрочитанный диалог',
      '11 непрочитанных диалогов',
    ]);
    expect(translatePlural('ru', 'visitor.savedCount', 2)).toBe('Сохранено: изменено 2 свойства.');
    expect(translatePlural('en', 'visitor.ignoredCount', 1)).toBe('The server ignored 1 change:');
    expect([1, 3, 5].map((n) => translatePlural('ru', 'alerts.visitorsWaiting', n))).toEqual([
      '1 посетитель ждёт',
      '3 посетителя ждут',
      '5 посетителей ждут',
    ]);
    expect(translatePlural('en', 'alerts.visitorsWaiting', 3)).toBe('3 visitors waiting');
  });

  it('have every form Russian needs wherever English has a counted phrase', () => {
    const bases = Object.keys(en)
      .filter((k) => k.endsWith('.other'))
      .map((k) => k.slice(0, -'.other'.length) as PluralBase);
    for (const base of bases)
      for (const form of ['one', 'few', 'many', 'other'])
        expect(Object.keys(ru), `${base}.${form}`).toContain(`${base}.${form}`);
  });

  it('write counts as Intl.NumberFormat does, in both languages, with or without it', () => {
    const samples = [0, 1, 7, 42, 999, -5, -999, 1000, 1234, 9999, 10000, 12345, 99999, 100000, 123456, 1234567];
    const more = [987654321, 1e12 + 7, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2.5, -1000, -0, 1e21];
    for (const locale of ['en', 'ru'] as const) {
      const intl = new Intl.NumberFormat(locale);
      for (const n of [...samples, ...more]) expect(formatCount(locale, n), `${locale} ${n}`).toBe(intl.format(n));
      for (let n = 0; n < 200_000; n += 7) expect(formatCount(locale, n)).toBe(intl.format(n));
    }
  });

  it('pick the plural category Intl.PluralRules picks, for whole numbers and fractions', () => {
    for (const locale of ['en', 'ru'] as const) {
      const intl = new Intl.PluralRules(locale);
      for (let n = -1000; n <= 20_000; n++) expect(pluralCategory(locale, n), `${locale} ${n}`).toBe(intl.select(n));
      for (const n of [1_000_001, 1_000_011, 1_234_562, 0.5, 1.5, 2.25, -0, Number.MAX_SAFE_INTEGER])
        expect(pluralCategory(locale, n), `${locale} ${n}`).toBe(intl.select(n));
    }
  });
});
