import { create } from 'zustand';

/**
 * Where the passing notices (Undo, Zoom, Link copied…) show: the strip just above the open
 * conversation's composer, over the last messages, so they never cover the reply box, its
 * buttons or a row of the list; without a conversation, the window's bottom right corner.
 */
export const useNoticeDock = create<{ dock: HTMLElement | null }>(() => ({ dock: null }));

/** A ref for the element the notices show in; null when it leaves the page. */
export const setNoticeDock = (dock: HTMLElement | null): void => useNoticeDock.setState({ dock });
