import {
  FIRST_SCREEN_ATTRIBUTES,
  FIRST_SCREEN_MAX_NODES,
  FIRST_SCREEN_TAGS,
  type FirstScreen,
  type FirstScreenNode,
  type FirstScreenTag,
} from '../../../../shared/first-screen';
import type { PerchBridge } from '../../../../shared/ipc/contract';
import { usePerch } from '../../store';

/**
 * The inbox's first screen, kept by main and drawn into index.html before this code runs
 * (core/first-screen): inert and busy until the live store has the rows, then removed in the
 * same task that commits the app's own rows, at the same places (first-screen.css).
 */
export function hideFirstScreen(): void {
  document.getElementById('first-screen')?.remove();
}

const TAGS = new Set<string>(FIRST_SCREEN_TAGS);
/** Nothing that belongs to a moment: dialogs, menus, notices, banners and the "new above" line. */
const LEFT_OUT = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="tooltip"], .new-above, .resort';
/** Kept as an empty box of the same size: what fills them is not the inbox's first screen. */
const EMPTIED = 'main.conversation, .banners';

function captured(element: Element, budget: { nodes: number }): FirstScreenNode | null {
  if (budget.nodes <= 0 || element.matches(LEFT_OUT)) return null;
  budget.nodes -= 1;
  const tag = (TAGS.has(element.localName) ? element.localName : 'span') as FirstScreenTag;
  const attrs: Record<string, string> = {};
  for (const name of element.getAttributeNames()) {
    const lower = name.toLowerCase();
    if (FIRST_SCREEN_ATTRIBUTES.has(lower)) attrs[lower] = element.getAttribute(name) ?? '';
  }
  const children: FirstScreenNode[] = [];
  if (!element.matches(EMPTIED))
    for (const child of element.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        if (budget.nodes <= 0) break;
        budget.nodes -= 1;
        children.push((child.textContent ?? '').slice(0, 2000));
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const node = captured(child as Element, budget);
        if (node !== null) children.push(node);
      }
    }
  return { tag, attrs, ...(children.length ? { children } : {}) };
}

/** The app's root as data, if it shows the inbox from its top with rows in it; null otherwise. */
export function captureFirstScreen(root: Element | null): FirstScreen | null {
  const state = usePerch.getState();
  if (!root || state.screen !== 'inbox') return null;
  const scroll = root.querySelector('.inbox-scroll');
  if (!scroll || scroll.scrollTop !== 0 || !scroll.querySelector('.row[data-conversation-id]')) return null;
  const budget = { nodes: FIRST_SCREEN_MAX_NODES };
  const nodes = [...root.children].map((child) => captured(child, budget)).filter((n) => n !== null);
  const theme = document.documentElement.dataset.theme;
  return {
    lang: document.documentElement.lang.startsWith('ru') ? 'ru' : 'en',
    theme: theme === 'dark' || theme === 'light' ? theme : null,
    nodes,
  };
}

/** The first capture comes this long after the app's first screen; then at most one each KEEP_EVERY_MS. */
const FIRST_KEEP_MS = 1000;
const KEEP_EVERY_MS = 5000;

/**
 * Keeps the first screen in main as it changes: a moment after the store changes (never more
 * often than KEEP_EVERY_MS), when the page is idle, and only what differs from the last one sent.
 */
export function keepFirstScreen(bridge: PerchBridge): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = '';
  const keep = () => {
    timer = null;
    // Not on screen, or not the inbox's top with rows: tried again a while later.
    const screen = document.visibilityState === 'visible' ? captureFirstScreen(document.getElementById('root')) : null;
    if (!screen) return later();
    const json = JSON.stringify(screen);
    if (json === last) return;
    last = json;
    void bridge.invoke('first-screen:save', screen).then(
      (result) => {
        if (!result.ok) console.warn('perch: the first screen was not kept', result.error);
      },
      () => {},
    );
  };
  const later = (ms = KEEP_EVERY_MS) => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(keep, { timeout: 2000 });
      else keep();
    }, ms);
  };
  later(FIRST_KEEP_MS);
  const unsubscribe = usePerch.subscribe(() => later());
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}
