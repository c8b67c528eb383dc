import type { ActionsOf } from '../../store/actions-of';
import { create } from 'zustand';

export interface FindState {
  open: boolean;
  /** Counts each Ctrl+F, so that pressing it again puts focus back in the bar. */
  asked: number;
  query: string;
  /** The current match, counted from 0. */
  current: number;
  show(): void;
  close(): void;
  setQuery(query: string): void;
  step(by: 1 | -1, total: number): void;
}

/** Find in the open conversation (Ctrl+F / ⌘F): the bar's state; the matches are found in the timeline's text. */
export const useFind = create<FindState>()((set) => ({
  open: false,
  asked: 0,
  query: '',
  current: 0,
  show: () => set((s) => ({ open: true, asked: s.asked + 1 })),
  close: () => set({ open: false, query: '', current: 0 }),
  setQuery: (query) => set({ query, current: 0 }),
  step: (by, total) => set((s) => ({ current: total ? (s.current + by + total) % total : 0 })),
}));

/**
 * Every match of the query in the messages' text under `root`, as ranges, in reading order.
 * Case and accents aside only for case (the agent types what they read).
 */
export function findRanges(root: HTMLElement, query: string): Range[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const ranges: Range[] = [];
  for (const bubble of root.querySelectorAll('.bubble, .attachments .file-name')) {
    const walker = document.createTreeWalker(bubble, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').toLocaleLowerCase();
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + needle.length);
        ranges.push(range);
      }
    }
  }
  return ranges;
}

/** Paints the matches with the CSS Custom Highlight API: the DOM of the messages is left as it is. */
export function paintMatches(ranges: Range[], current: number): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
  CSS.highlights.delete('find');
  CSS.highlights.delete('find-current');
  if (!ranges.length) return;
  CSS.highlights.set('find', new Highlight(...ranges.filter((_, i) => i !== current)));
  CSS.highlights.set('find-current', new Highlight(ranges[current]!));
}

/** The find store's actions, for code outside a component (the command table): data is read with a selector. */
export const findActions = (): ActionsOf<FindState> => useFind.getState();
