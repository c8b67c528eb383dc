import { describe, expect, it } from 'vitest';
import { translatePlural, type PluralBase } from '../../src/shared/i18n';
import { en } from '../../src/shared/i18n/en';
import { ru } from '../../src/shared/i18n/ru';

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
  });

  it('have every form Russian needs wherever English has a counted phrase', () => {
    const bases = Object.keys(en)
      .filter((k) => k.endsWith('.other'))
      .map((k) => k.slice(0, -'.other'.length) as PluralBase);
    for (const base of bases)
      for (const form of ['one', 'few', 'many', 'other'])
        expect(Object.keys(ru), `${base}.${form}`).toContain(`${base}.${form}`);
  });
});
