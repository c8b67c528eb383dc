import { COMMANDS, isFamily, type CommandEntry, type PerchCommand } from './command-table';
import { usePerch, type PerchState } from '../../store';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** A sheet the agent opened, shown or still loading its code. */
const sheetAsked = (state: PerchState) =>
  state.sheet !== null && (state.sheet !== 'connect' || state.accountsState?.welcomed === true);

/** What of a key press a command's keys are matched against. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** Whether a key as the table writes it (`j`, `?`, `Mod+k`) is the one pressed. */
function matches(key: string, event: KeyPress): boolean {
  const mod = key.startsWith('Mod+');
  if (event.altKey || (event.ctrlKey || event.metaKey) !== mod) return false;
  return mod ? event.key.toLowerCase() === key.slice(4).toLowerCase() : event.key === key;
}

/**
 * The command a key press runs: one whose keys work where the press happened (`anywhere`
 * commands also in a text field and over a sheet), if it is available now.
 */
export function commandForKey(
  event: KeyPress,
  state: PerchState,
  where: 'workspace' | 'anywhere',
  table: readonly CommandEntry[] = COMMANDS,
): PerchCommand | undefined {
  return table.find(
    (entry): entry is PerchCommand =>
      !isFamily(entry) &&
      entry.perform !== undefined &&
      (entry.keysWork ?? 'workspace') !== 'composer' &&
      (where === 'workspace' || entry.keysWork === 'anywhere') &&
      (entry.keys ?? []).some((key) => matches(key, event)) &&
      (entry.available?.(state) ?? true),
  );
}

/** The keyboard layer: the table's keys while no text field has focus (some anywhere); Escape always. */
export function installShortcuts(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const state = usePerch.getState();
    const anywhere = commandForKey(event, state, 'anywhere');
    if (anywhere) {
      event.preventDefault();
      anywhere.perform!(state);
      return;
    }
    if (event.key === 'Escape') {
      // The topmost sheet closes, wherever focus is (a click may have left it on the page).
      if (state.closing) void state.answerClose(false);
      else if (sheetAsked(state)) state.closeSheet();
      else if (isTyping(event.target)) (event.target as HTMLElement).blur();
      // Then the table's Escape (clearing the inbox's selection), unless a dialog has the keyboard.
      else if (!doc.querySelector('[aria-modal="true"]')) commandForKey(event, state, 'workspace')?.perform!(state);
      return;
    }
    if (isTyping(event.target)) return;
    // A dialog has the keyboard: nothing behind it moves, also while its code is still loading
    // (keys typed for the palette must not close or reply behind it).
    if (doc.querySelector('[aria-modal="true"]') || sheetAsked(state)) return;
    const command = commandForKey(event, state, 'workspace');
    if (!command) return;
    event.preventDefault();
    command.perform!(state);
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
