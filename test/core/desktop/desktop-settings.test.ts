import { describe, expect, it } from 'vitest';
import { contextMenuTemplate, type ContextMenuParams } from '../../../src/main/core/desktop/context-menu';
import { applySettingsChange, DEFAULT_SETTINGS, normalizeSettings } from '../../../src/main/core/settings/settings';
import { dispatchInvoke } from '../../../src/main/core/contract/contract-dispatch';
import { translator } from '../../../src/shared/i18n';
import { spellLanguagesFor } from '../../../src/shared/spelling';
import { zoomStep } from '../../../src/shared/zoom';

const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
const click = (over: Partial<ContextMenuParams>): ContextMenuParams => ({
  isEditable: true,
  selectionText: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: flags,
  ...over,
});
const labels = (p: ContextMenuParams) =>
  contextMenuTemplate(p, translator('en')).map((i) => (i.kind === 'separator' ? '-' : i.label));

describe('the context menu template', () => {
  it('puts at most five suggestions first, then Add to dictionary, then editing', () => {
    const suggestions = ['receive', 'relieve', 'recede', 'reprieve', 'deceive', 'receiver'];
    expect(labels(click({ misspelledWord: 'recieve', dictionarySuggestions: suggestions }))).toEqual([
      ...suggestions.slice(0, 5),
      'Add to dictionary',
      '-',
      'Cut',
      'Copy',
      'Paste',
      '-',
      'Select all',
    ]);
  });

  it('edits a correct word, copies a selection outside fields, and shows nothing on plain text', () => {
    expect(labels(click({ selectionText: 'word' }))).toEqual(['Cut', 'Copy', 'Paste', '-', 'Select all']);
    expect(contextMenuTemplate(click({ isEditable: false, selectionText: 'Order 12' }), translator('en'))).toEqual([
      { kind: 'edit', label: 'Copy', role: 'copy', enabled: true },
    ]);
    expect(labels(click({ isEditable: false, selectionText: '  \n' }))).toEqual([]);
    expect(labels(click({ isEditable: false }))).toEqual([]);
  });
});

describe('zoom and spelling settings', () => {
  it('steps the zoom within 50–200 %', () => {
    expect(zoomStep(100, 'in')).toBe(110);
    expect(zoomStep(100, 'out')).toBe(90);
    expect(zoomStep(200, 'in')).toBe(200);
    expect(zoomStep(50, 'out')).toBe(50);
    expect(zoomStep(175, 'reset')).toBe(100);
  });

  it('follows the window language unless languages are chosen; none turns checking off', () => {
    expect(spellLanguagesFor(null, 'en')).toEqual(['en-US']);
    expect(spellLanguagesFor(null, 'ru')).toEqual(['ru', 'en-US']);
    expect(spellLanguagesFor(['de', 'uk'], 'ru')).toEqual(['de', 'uk']);
    expect(spellLanguagesFor([], 'en')).toEqual([]);
  });

  it('keeps zoom and languages, and falls back to the defaults when the file holds nonsense', () => {
    expect(DEFAULT_SETTINGS.zoomPercent).toBe(100);
    expect(DEFAULT_SETTINGS.spellLanguages).toBeNull();
    const changed = applySettingsChange(DEFAULT_SETTINGS, { zoomPercent: 125, spellLanguages: ['ru'] }, new Date());
    expect(normalizeSettings(changed).settings).toMatchObject({ zoomPercent: 125, spellLanguages: ['ru'] });
    expect(applySettingsChange(changed, { spellLanguages: null }, new Date()).spellLanguages).toBeNull();
    const damaged = normalizeSettings({ ...DEFAULT_SETTINGS, zoomPercent: 9000, spellLanguages: ['klingon'] });
    expect(damaged.settings).toMatchObject({ zoomPercent: 100, spellLanguages: null });
    expect(damaged.problems).toHaveLength(2);
  });

  it('refuses zoom and languages outside what Perch offers at the IPC boundary', async () => {
    const handlers = { 'settings:update': async () => DEFAULT_SETTINGS } as never;
    for (const change of [
      { zoomPercent: 101 },
      { zoomPercent: '125' },
      { zoomPercent: 1e9 },
      { spellLanguages: ['en-US', 'en-US'] },
      { spellLanguages: ['en-US', 'ru', 'uk', 'de'] },
      { spellLanguages: ['../../../etc'] },
      { spellLanguages: 'ru' },
    ])
      expect(await dispatchInvoke(handlers, 'settings:update', [change]), JSON.stringify(change)).toMatchObject({
        ok: false,
      });
    expect(await dispatchInvoke(handlers, 'settings:update', [{ zoomPercent: 125 }])).toMatchObject({ ok: true });
  });
});
