import { myAdminId, usePerch } from './store';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** A sheet the agent opened, shown or still loading its code. */
const sheetAsked = (state: ReturnType<typeof usePerch.getState>) =>
  state.sheet !== null && (state.sheet !== 'connect' || state.session?.welcomed === true);

/** The keyboard layer: single keys while no text field has focus; Escape always. */
export function installShortcuts(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const state = usePerch.getState();
    // Ctrl+K / ⌘K opens the palette from anywhere, even a text field.
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      if (state.sheet === 'palette') state.closeSheet('palette');
      else if (!doc.querySelector('[aria-modal="true"]')) state.openSheet('palette');
      return;
    }
    if (event.key === 'Escape') {
      // The topmost sheet closes, wherever focus is (a click may have left it on the page).
      if (state.closing) void state.answerClose(false);
      else if (sheetAsked(state)) state.closeSheet();
      else if (isTyping(event.target)) (event.target as HTMLElement).blur();
      return;
    }
    if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    // A dialog has the keyboard: nothing behind it moves, also while its code is still loading
    // (keys typed for the palette must not close or reply behind it).
    if (doc.querySelector('[aria-modal="true"]') || sheetAsked(state)) return;
    const focus = (selector: string) => (doc.querySelector(selector) as HTMLElement | null)?.focus();
    const actions: Record<string, () => void> = {
      j: () => state.step(1),
      ArrowDown: () => state.step(1),
      k: () => state.step(-1),
      ArrowUp: () => state.step(-1),
      r: () => {
        (doc.querySelector('[data-composer-tab="reply"]') as HTMLElement | null)?.click();
        focus('.composer textarea');
      },
      n: () => {
        (doc.querySelector('[data-composer-tab="note"]') as HTMLElement | null)?.click();
        focus('.composer textarea');
      },
      a: () => void state.assign(myAdminId(state)),
      e: () => void state.closeAndNext(),
      '/': () => focus('[data-search]'),
      '?': () => state.openSheet('help'),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
