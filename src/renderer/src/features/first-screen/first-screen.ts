import {
  FIRST_SCREEN_ATTRIBUTES,
  FIRST_SCREEN_ID_PREFIX,
  FIRST_SCREEN_MAX_NODES,
  FIRST_SCREEN_TAGS,
  type FirstScreen,
  type FirstScreenNode,
  type FirstScreenTag,
} from '../../../../shared/first-screen';

/**
 * The inbox's first screen, kept by main and drawn into index.html before this code runs
 * (core/first-screen): inert and busy until the live store has the rows, then removed in the
 * same task that commits the app's own rows, at the same places (first-screen.css).
 */
export function hideFirstScreen(): void {
  document.getElementById('first-screen')?.remove();
}

const TAGS = new Set<string>(FIRST_SCREEN_TAGS);
/**
 * Nothing that belongs to a moment (dialogs, menus, notices, banners and the "new above" line),
 * nor what is hidden: the snapshot keeps no `hidden` attribute, so a closed drop-down's list
 * would be drawn.
 */
const LEFT_OUT =
  '[hidden], [role="dialog"], [role="alertdialog"], [role="menu"], [role="tooltip"], .new-above, .resort';
/** Kept as an empty box of the same size: what fills them is not the inbox's first screen. */
const EMPTIED = 'main.conversation, .banners';

/** What a capture may still take: nodes, and how far down the page a row may start. */
interface Budget {
  nodes: number;
  rowsAbove: number;
}

function captured(element: Element, budget: Budget): FirstScreenNode | null {
  if (budget.nodes <= 0 || element.matches(LEFT_OUT)) return null;
  // The rows the list drew ahead, below any window this screen could fill, are not painted.
  if (element.matches('.row') && element.getBoundingClientRect().top >= budget.rowsAbove) return null;
  budget.nodes -= 1;
  const name = element.localName.toLowerCase();
  const tag = (TAGS.has(name) ? name : 'span') as FirstScreenTag;
  const attrs: Record<string, string> = {};
  for (const attribute of element.getAttributeNames()) {
    const lower = attribute.toLowerCase();
    // Ids only where a reference needs them: the rest stay with the live app.
    if (lower === 'id' && tag !== 'lineargradient') continue;
    if (FIRST_SCREEN_ATTRIBUTES.has(lower))
      attrs[lower] = apartFromTheApp(element.getAttribute(attribute) ?? '', lower);
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

/** An id, or a paint's reference to one (the logo's gradient), renamed apart from the live app's. */
function apartFromTheApp(value: string, attribute: string): string {
  if (attribute === 'id') return `${FIRST_SCREEN_ID_PREFIX}${value}`;
  if (attribute !== 'fill' && attribute !== 'stroke') return value;
  return value.replace(/url\(#/g, `url(#${FIRST_SCREEN_ID_PREFIX}`);
}

/** The app's root as data, if it shows the inbox (`onInbox`) from its top with rows in it; null otherwise. */
export function captureFirstScreen(root: Element | null, onInbox: boolean): FirstScreen | null {
  if (!root || !onInbox) return null;
  const scroll = root.querySelector('.inbox-scroll');
  if (!scroll || scroll.scrollTop !== 0 || !scroll.querySelector('.row[data-conversation-id]')) return null;
  // Up to the bottom of the tallest window the screen allows: the next start may be taller.
  const rowsAbove = Math.max(scroll.getBoundingClientRect().bottom, window.screen.availHeight);
  const budget = { nodes: FIRST_SCREEN_MAX_NODES, rowsAbove };
  const nodes = [...root.children].map((child) => captured(child, budget)).filter((n) => n !== null);
  const theme = document.documentElement.dataset.theme;
  return {
    lang: document.documentElement.lang.startsWith('ru') ? 'ru' : 'en',
    theme: theme === 'dark' || theme === 'light' ? theme : null,
    nodes,
  };
}
