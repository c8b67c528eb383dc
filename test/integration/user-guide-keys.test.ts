import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { helpEntries } from '../../src/renderer/src/features/palette/command-table';
import { en } from '../../src/shared/i18n/catalog';

/** The rows of the user guide's "Keys" table, as "keys → command". */
function guideKeys(): string[] {
  const guide = readFileSync('docs/user-guide.md', 'utf8');
  const section = guide.split(/^### Keys$/m)[1]?.split(/^#/m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) => {
      const [keys, command] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return `${keys} → ${command}`;
    });
}

it('lists in the user guide every command with keys, with the same keys, and no other', () => {
  const table = helpEntries().map(({ keys, label }) => `${keys} → ${en[label]}`);
  expect(guideKeys()).toEqual(table);
});
