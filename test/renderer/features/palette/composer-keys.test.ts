import { describe, expect, it } from 'vitest';
import {
  COMMANDS,
  helpEntries,
  isFamily,
  keyLabel,
  type CommandEntry,
  type ComposerKeyActions,
  type PerchCommand,
} from '../../../../src/renderer/src/features/palette/command-table';
import { composerKey, composerKeyOf, type KeyPress } from '../../../../src/renderer/src/features/palette/shortcuts';
import { slashQuery } from '../../../../src/renderer/src/features/composer/SavedReplyPicker';

/** A key as the table writes it (`Mod+Enter`, `Alt+3`, `/`), pressed. */
function pressOf(key: string): KeyPress {
  const [mod, name] = key.includes('+') && key.length > 1 ? key.split('+') : [null, key];
  return { key: name!, ctrlKey: mod === 'Mod', metaKey: false, altKey: mod === 'Alt' };
}

/** A composer that writes down what the keys asked of it. */
function recordingComposer(saved = 9) {
  const asked: string[] = [];
  const composer: ComposerKeyActions = {
    send: () => asked.push('send'),
    insertSavedReply: (n) => {
      if (n > saved) return false;
      asked.push(`saved ${n}`);
      return true;
    },
  };
  return { asked, composer };
}

const composerCommands = (table: readonly CommandEntry[] = COMMANDS) =>
  table.filter((e): e is PerchCommand => !isFamily(e) && e.keysWork === 'composer');

describe("the composer's keys are the command table's", () => {
  it('each composer row has keys, and what the help sheet shows is made of them', () => {
    const rows = composerCommands();
    expect(rows.map((r) => r.id)).toEqual(['send', 'saved-reply', 'saved-reply-picker']);
    for (const row of rows) {
      const keys = row.keys ?? [];
      expect(keys.length, row.id).toBeGreaterThan(0);
      const shown = helpEntries([row])[0]!.keys;
      const first = keyLabel(keys[0]!);
      const last = keyLabel(keys.at(-1)!).split('+').at(-1);
      expect(shown, row.id).toBe(keys.length === 1 ? first : `${first}…${last}`);
    }
  });

  it('every key of a row runs that row in the composer, and only its keys do', () => {
    for (const row of composerCommands().filter((r) => r.inComposer)) {
      for (const key of row.keys!) {
        const { composer } = recordingComposer();
        expect(composerKey(pressOf(key), composer)?.id, key).toBe(row.id);
      }
    }
    for (const key of ['Enter', 'Alt+0', 'Mod+k', 'a']) {
      const { asked, composer } = recordingComposer();
      expect(composerKey(pressOf(key), composer), key).toBeUndefined();
      expect(asked).toEqual([]);
    }
  });

  it('Mod+Enter sends; Alt+3 inserts the third saved reply, and leaves the key alone when there is none', () => {
    const { asked, composer } = recordingComposer(2);
    expect(composerKey(pressOf('Mod+Enter'), composer)?.id).toBe('send');
    expect(composerKey({ ...pressOf('Mod+Enter'), ctrlKey: false, metaKey: true }, composer)?.id).toBe('send');
    expect(composerKey(pressOf('Alt+2'), composer)?.id).toBe('saved-reply');
    expect(composerKey(pressOf('Alt+3'), composer)).toBeUndefined();
    expect(asked).toEqual(['send', 'send', 'saved 2']);
  });

  it("a key changed in the table changes what the composer does, with the help sheet's label", () => {
    const table = COMMANDS.map((e) => (e.id === 'send' ? { ...e, keys: ['Mod+s'] } : e));
    const { asked, composer } = recordingComposer();
    expect(composerKey(pressOf('Mod+Enter'), composer, table)).toBeUndefined();
    expect(composerKey(pressOf('Mod+s'), composer, table)?.id).toBe('send');
    expect(asked).toEqual(['send']);
    expect(helpEntries(composerCommands(table))[0]!.keys).toBe(keyLabel('Mod+s'));
  });

  it("the saved replies' picker opens on the row's key typed first in the box", () => {
    const key = composerKeyOf('saved-reply-picker');
    expect(helpEntries(composerCommands()).at(-1)!.keys).toBe(key);
    expect(slashQuery(`${key}greet`)).toBe('greet');
    expect(slashQuery('greet')).toBeNull();
  });
});
