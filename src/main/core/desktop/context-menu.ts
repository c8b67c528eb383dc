import type { Translate } from '../../../shared/i18n';

/** What Electron's `context-menu` event says of a right click (the fields of its params Perch reads). */
export interface ContextMenuParams {
  isEditable: boolean;
  selectionText: string;
  misspelledWord: string;
  dictionarySuggestions: string[];
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

export type EditRole = 'cut' | 'copy' | 'paste' | 'selectAll';

/** One entry of the menu, without Electron: the adapter (electron/context-menu.ts) turns each into a MenuItem. */
export type ContextMenuItem =
  | { kind: 'replace'; label: string; word: string }
  | { kind: 'add-to-dictionary'; label: string; word: string }
  | { kind: 'no-suggestions'; label: string }
  | { kind: 'edit'; label: string; role: EditRole; enabled: boolean }
  | { kind: 'separator' };

/** Chromium offers a handful; more would push cut and paste out of reach. */
export const MAX_SUGGESTIONS = 5;

/**
 * The menu of a right click: on editable text, the misspelled word's suggestions and "Add to
 * dictionary", then cut, copy, paste and select all; on selected text elsewhere, copy; nothing
 * elsewhere (no menu is shown).
 */
export function contextMenuTemplate(params: ContextMenuParams, t: Translate): ContextMenuItem[] {
  const edit = (role: EditRole, enabled: boolean): ContextMenuItem => ({
    kind: 'edit',
    label: t(`edit.${role}`),
    role,
    enabled,
  });
  const flags = params.editFlags;
  if (!params.isEditable) return params.selectionText.trim() ? [edit('copy', flags.canCopy)] : [];
  const items: ContextMenuItem[] = [];
  const word = params.misspelledWord;
  if (word) {
    const suggestions = params.dictionarySuggestions.slice(0, MAX_SUGGESTIONS);
    for (const suggestion of suggestions) items.push({ kind: 'replace', label: suggestion, word: suggestion });
    if (!suggestions.length) items.push({ kind: 'no-suggestions', label: t('spelling.noSuggestions') });
    items.push({ kind: 'add-to-dictionary', label: t('spelling.addToDictionary'), word });
    items.push({ kind: 'separator' });
  }
  items.push(edit('cut', flags.canCut), edit('copy', flags.canCopy), edit('paste', flags.canPaste));
  items.push({ kind: 'separator' }, edit('selectAll', flags.canSelectAll));
  return items;
}
