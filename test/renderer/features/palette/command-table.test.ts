import { afterEach, describe, expect, it } from 'vitest';
import { COMMANDS, helpEntries, type PerchCommand } from '../../../../src/renderer/src/features/palette/command-table';
import { paletteCommands } from '../../../../src/renderer/src/features/palette/commands';
import { commandForKey, type KeyPress } from '../../../../src/renderer/src/features/palette/shortcuts';
import { usePerch } from '../../../../src/renderer/src/store';
import { useBulk } from '../../../../src/renderer/src/features/inbox/slice-bulk';
import { conversationKey } from '../../../../src/shared/accounts';
import { inboxRow } from '../../../support/inbox-rows';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

/** Commands focus what they lead to (now and a moment later); node has no page, so an empty one stands in. */
Object.assign(globalThis, {
  document: { querySelector: () => null, activeElement: null, addEventListener() {}, removeEventListener() {} },
});
afterEach(() => {
  usePerch.setState({ sheet: null, conversation: null, composerMode: 'reply', screen: 'inbox' });
  useBulk.getState().clear();
});

describe('the command table', () => {
  it('gives the help sheet every key, in order, as the agent reads them', () => {
    expect(helpEntries().map(({ keys, label }) => `${keys} ${label}`)).toEqual([
      'J / ↓ help.next',
      'K / ↑ help.previous',
      'R help.reply',
      'N help.note',
      'A help.assignToMe',
      'E help.close',
      'Ctrl+Z help.undo',
      'Z snooze.command',
      'X help.selectToggle',
      'Shift+J help.selectDown',
      'Shift+K help.selectUp',
      'Ctrl+click / Shift+click help.selectClick',
      'Esc help.selectClear',
      '/ help.search',
      'Ctrl+K help.palette',
      'Ctrl+Enter help.send',
      'Alt+1…9 help.savedReply',
      'Ctrl+F help.find',
      '/ help.slash',
      '? help.help',
      'Ctrl+= zoom.in',
      'Ctrl+- zoom.out',
      'Ctrl+0 zoom.reset',
    ]);
  });

  it('declares a command once: added to the table, the keyboard, the palette and the help sheet all have it', () => {
    let zoomed = 0;
    const zoom: PerchCommand = {
      id: 'zoom-in',
      group: 'app',
      label: 'help.search',
      keys: ['q'],
      perform: () => void zoomed++,
    };
    const table = [...COMMANDS, zoom];
    const state = usePerch.getState();

    expect(commandForKey(press('q'), state, 'workspace', COMMANDS)).toBeUndefined();
    expect(commandForKey(press('q'), state, 'workspace', table)).toBe(zoom);
    expect(commandForKey(press('q', { ctrlKey: true }), state, 'workspace', table)).toBeUndefined();

    const line = paletteCommands(state, {}, table).find((c) => c.id === 'zoom-in');
    expect(line).toMatchObject({ title: 'Search', group: 'Perch', keys: 'Q' });
    line!.run();
    expect(zoomed).toBe(1);

    expect(helpEntries(table).at(-1)).toEqual({ keys: 'Q', label: 'help.search' });
    expect(helpEntries(COMMANDS).some((e) => e.keys === 'Q')).toBe(false);
  });

  it('leaves out of the palette and the keyboard what cannot run now', () => {
    const state = usePerch.getState();
    expect(commandForKey(press('r'), state, 'workspace')).toBeUndefined();
    expect(paletteCommands(state, {}).some((c) => c.id === 'reply')).toBe(false);
  });

  it('R and N set the composer to a reply or a note in the store', () => {
    const row = { ...inboxRow(7), accountId: 'demo' };
    const key = conversationKey('demo', '7');
    const conversation = { accountId: 'demo', id: '7', key, parts: [], loading: false, error: null, hasOlder: false };
    usePerch.setState({ conversation, rows: new Map([[key, row]]) });

    commandForKey(press('n'), usePerch.getState(), 'workspace')!.perform!(usePerch.getState());
    expect(usePerch.getState().composerMode).toBe('note');
    commandForKey(press('r'), usePerch.getState(), 'workspace')!.perform!(usePerch.getState());
    expect(usePerch.getState().composerMode).toBe('reply');
  });

  it('X selects the open conversation, the palette then offers the bulk actions, and Escape clears it', () => {
    const row = { ...inboxRow(7), accountId: 'demo' };
    const key = conversationKey('demo', '7');
    const conversation = { accountId: 'demo', id: '7', key, parts: [], loading: false, error: null, hasOlder: false };
    usePerch.setState({ conversation, rows: new Map([[key, row]]), screen: 'inbox' });
    expect(commandForKey(press('Escape'), usePerch.getState(), 'workspace')).toBeUndefined();

    commandForKey(press('x'), usePerch.getState(), 'workspace')!.perform!(usePerch.getState());
    expect([...useBulk.getState().keys]).toEqual([key]);
    const titles = paletteCommands(usePerch.getState(), {}).map((c) => c.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Close 1 selected conversation',
        'Assign 1 selected conversation to me',
        'Unassign 1 selected conversation',
        'Clear the selection',
      ]),
    );
    commandForKey(press('Escape'), usePerch.getState(), 'workspace')!.perform!(usePerch.getState());
    expect(useBulk.getState().keys.size).toBe(0);
    expect(paletteCommands(usePerch.getState(), {}).some((c) => c.id.startsWith('bulk:'))).toBe(false);
    // Elsewhere than the inbox, X selects nothing.
    usePerch.setState({ screen: 'visitors' });
    expect(commandForKey(press('x'), usePerch.getState(), 'workspace')).toBeUndefined();
  });

  it('Ctrl+K opens the palette from a text field and closes it again; other keys only in the workspace', () => {
    const toggle = () => commandForKey(press('k', { ctrlKey: true }), usePerch.getState(), 'anywhere')!;
    toggle().perform!(usePerch.getState());
    expect(usePerch.getState().sheet).toBe('palette');
    toggle().perform!(usePerch.getState());
    expect(usePerch.getState().sheet).toBeNull();
    expect(commandForKey(press('?'), usePerch.getState(), 'anywhere')).toBeUndefined();
    expect(commandForKey(press('?'), usePerch.getState(), 'workspace')?.id).toBe('help');
  });
});
