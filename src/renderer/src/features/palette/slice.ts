import { usePerch } from '../../store';
import { commandForKey, isTyping, sheetAsked } from './shortcuts';

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
