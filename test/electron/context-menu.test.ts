import { beforeEach, describe, expect, it } from 'vitest';
import type { ContextMenuParams } from '../../src/main/core/desktop/context-menu';
import { applySpellLanguages, setupContextMenu } from '../../src/main/electron/context-menu';
import { followZoom } from '../../src/main/electron/shell-settings';
import { SettingsStore, DEFAULT_SETTINGS, type Settings } from '../../src/main/core/settings/settings';
import { translator } from '../../src/shared/i18n';
import { BrowserWindow, popups, resetElectronDouble, session } from '../support/electron-double';

/** Electron's `context-menu` params as Chromium sends them for a right click in a text field. */
const params = (over: Partial<ContextMenuParams> & Record<string, unknown> = {}) => ({
  x: 120,
  y: 300,
  linkURL: '',
  linkText: '',
  pageURL: 'perch://app/index.html',
  frameURL: '',
  srcURL: '',
  mediaType: 'none',
  hasImageContents: false,
  isEditable: true,
  selectionText: '',
  titleText: '',
  altText: '',
  suggestedFilename: '',
  selectionRect: { x: 0, y: 0, width: 0, height: 0 },
  selectionStartOffset: 0,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin', url: '' },
  misspelledWord: '',
  dictionarySuggestions: [],
  frameCharset: 'UTF-8',
  formControlType: 'text-area',
  spellcheckEnabled: true,
  menuSourceType: 'mouse',
  mediaFlags: {},
  editFlags: {
    canUndo: false,
    canRedo: false,
    canCut: false,
    canCopy: false,
    canPaste: true,
    canDelete: false,
    canSelectAll: true,
    canEditRichly: false,
  },
  ...over,
});

beforeEach(() => resetElectronDouble());

const rightClick = (contents: BrowserWindow['webContents'], p: ReturnType<typeof params>) =>
  contents.emit('context-menu', { preventDefault: () => {} }, p);

describe('the context menu on the Electron double', () => {
  it('offers suggestions for a misspelled word, replaces it, and adds it to the dictionary', () => {
    const window = new BrowserWindow({});
    setupContextMenu(window.webContents as never, translator('en'));
    rightClick(
      window.webContents,
      params({ misspelledWord: 'helo', dictionarySuggestions: ['hello', 'help', 'hero'], selectionText: '' }),
    );
    const menu = popups.at(-1)!;
    expect(menu.items.map((i) => i.label ?? i.type)).toEqual([
      'hello',
      'help',
      'hero',
      'Add to dictionary',
      'separator',
      'Cut',
      'Copy',
      'Paste',
      'separator',
      'Select all',
    ]);
    menu.items[0].click();
    expect(window.webContents.replaced).toEqual(['hello']);
    menu.items[3].click();
    expect(session.defaultSession.dictionaryWords).toEqual(['helo']);
    // Cut and copy need a selection; the roles do the editing.
    expect(menu.items.find((i) => i.role === 'cut')).toMatchObject({ enabled: false });
    expect(menu.items.find((i) => i.role === 'paste')).toMatchObject({ enabled: true });
  });

  it('speaks Russian, says when there are no suggestions, and copies selected text outside fields', () => {
    const window = new BrowserWindow({});
    setupContextMenu(window.webContents as never, translator('ru'));
    rightClick(window.webContents, params({ misspelledWord: 'превет', dictionarySuggestions: [] }));
    expect(popups.at(-1)!.items.slice(0, 2)).toEqual([
      { label: 'Нет вариантов', enabled: false },
      expect.objectContaining({ label: 'Добавить в словарь' }),
    ]);

    const selected = params({
      isEditable: false,
      selectionText: 'Order #4512',
      formControlType: 'none',
      editFlags: { ...params().editFlags, canCopy: true, canPaste: false },
    });
    rightClick(window.webContents, selected);
    expect(popups.at(-1)!.items).toEqual([{ label: 'Копировать', role: 'copy', enabled: true }]);

    // Nothing selected outside a field: no menu at all.
    const shown = popups.length;
    rightClick(window.webContents, params({ isEditable: false, formControlType: 'none' }));
    expect(popups).toHaveLength(shown);
  });

  it('checks spelling in the chosen languages the session has, or not at all', () => {
    const s = session.defaultSession;
    applySpellLanguages(s as never, ['ru', 'en-US'], { platform: 'linux' });
    expect(s.spellCheckerLanguages).toEqual(['ru', 'en-US']);
    expect(s.spellCheckerEnabled).toBe(true);
    // A language without a dictionary here is left out (and logged), the others stay.
    applySpellLanguages(s as never, ['fr', 'uk'], { platform: 'win32' });
    expect(s.spellCheckerLanguages).toEqual(['uk']);
    applySpellLanguages(s as never, [], { platform: 'linux' });
    expect(s.spellCheckerEnabled).toBe(false);
    // macOS checks in the system's languages: only on and off apply.
    applySpellLanguages(s as never, ['de'], { platform: 'darwin' });
    expect(s.spellCheckerEnabled).toBe(true);
    expect(s.spellCheckerLanguages).toEqual(['uk']);
  });

  it('zooms the window as the settings say, again after the page loads anew', async () => {
    let stored: Settings = { ...DEFAULT_SETTINGS, zoomPercent: 125 };
    const settings = new SettingsStore({ read: async () => stored, write: async (s) => void (stored = s) });
    await settings.load();
    const window = new BrowserWindow({});
    const apply = followZoom(window as never, settings);
    expect(window.webContents.zoomFactor).toBe(1.25);
    await settings.update((s) => ({ ...s, zoomPercent: 80 }));
    apply();
    expect(window.webContents.zoomFactor).toBe(0.8);
    window.webContents.setZoomFactor(1);
    window.webContents.emit('did-finish-load');
    expect(window.webContents.zoomFactor).toBe(0.8);
  });
});
