import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, namespaces, ru } from '../../src/shared/i18n/catalog';

const prefixOf = (key: string) => key.slice(0, key.indexOf('.'));

describe('the catalog by namespace', () => {
  it('keeps each key prefix in exactly one file', () => {
    const filesByPrefix = new Map<string, Set<string>>();
    for (const [file, { en: english, ru: russian }] of Object.entries(namespaces))
      for (const key of [...Object.keys(english), ...Object.keys(russian)]) {
        const files = filesByPrefix.get(prefixOf(key)) ?? new Set<string>();
        filesByPrefix.set(prefixOf(key), files.add(file));
      }
    const shared = [...filesByPrefix].filter(([, files]) => files.size > 1).map(([prefix]) => prefix);
    expect(shared).toEqual([]);
  });

  it('composes every namespace file of the folder', () => {
    const helpers = ['catalog.ts', 'index.ts', 'translation.ts'];
    const files = readdirSync(resolve(__dirname, '../../src/shared/i18n'))
      .filter((name) => name.endsWith('.ts') && !helpers.includes(name))
      .map((name) => name.slice(0, -'.ts'.length));
    expect(files.sort()).toEqual(Object.keys(namespaces).sort());
    const total = Object.values(namespaces).reduce((sum, part) => sum + Object.keys(part.en).length, 0);
    expect(Object.keys(en)).toHaveLength(total);
  });

  it('has every English key in Russian, within the same file, and nothing Russian alone but plural forms', () => {
    for (const [file, { en: english, ru: russian }] of Object.entries(namespaces)) {
      const missing = Object.keys(english).filter((key) => !(key in russian));
      expect(missing, file).toEqual([]);
      const russianOnly = Object.keys(russian).filter((key) => !(key in english));
      for (const key of russianOnly) expect(key, file).toMatch(/\.(few|many)$/);
    }
    expect(Object.keys(en).filter((key) => !ru[key]?.trim())).toEqual([]);
  });
});
