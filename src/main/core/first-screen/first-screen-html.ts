import {
  FIRST_SCREEN_ATTRIBUTES,
  FIRST_SCREEN_ID_PREFIX,
  FIRST_SCREEN_TAGS,
  type FirstScreen,
  type FirstScreenNode,
} from '../../../shared/first-screen';

const TAGS = new Set<string>(FIRST_SCREEN_TAGS);
/** What assistive technology hears of the snapshot while the app starts, in the snapshot's language. */
const LABEL = {
  en: 'The inbox as it was, updating…',
  ru: 'Входящие, какими они были; обновляются…',
} as const;

/** Text and attribute values as HTML reads them back unchanged: nothing in them becomes markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function nodeHtml(node: FirstScreenNode, out: string[]): void {
  if (typeof node === 'string') {
    out.push(escapeHtml(node));
    return;
  }
  // Checked again here, whatever the file or the schema let through: only the allowed names are written.
  if (!TAGS.has(node.tag)) return;
  out.push('<', node.tag);
  for (const [name, value] of Object.entries(node.attrs ?? {}))
    if (FIRST_SCREEN_ATTRIBUTES.has(name) && (name !== 'id' || value.startsWith(FIRST_SCREEN_ID_PREFIX)))
      out.push(' ', name, '="', escapeHtml(value), '"');
  out.push('>');
  for (const child of node.children ?? []) nodeHtml(child, out);
  out.push('</', node.tag, '>');
}

/**
 * The first screen as markup: inert (nothing in it can be focused, clicked or typed into),
 * busy for assistive technology, and covering the app's root until the app has the rows and
 * removes it (`features/first-screen` in the renderer).
 */
export function firstScreenHtml(screen: FirstScreen): string {
  const out: string[] = [
    `<div id="first-screen" class="first-screen" inert aria-busy="true" role="status" aria-label="${escapeHtml(LABEL[screen.lang])}">`,
  ];
  for (const node of screen.nodes) nodeHtml(node, out);
  out.push('</div>');
  return out.join('');
}

/**
 * The renderer's index.html with the first screen drawn after the app's root, in the
 * snapshot's language and theme. Nothing is added to the page's scripts or styles: the
 * app's own stylesheet lays it out, and the CSP stays as strict. The app's code is not
 * preloaded then: the page asks for it after the saved screen's first frame, which compiling
 * it would delay.
 */
export function withFirstScreen(indexHtml: string, screen: FirstScreen | null): string {
  if (!screen || !indexHtml.includes('<div id="root"></div>')) return indexHtml;
  const theme = screen.theme ? ` data-theme="${screen.theme}"` : '';
  return (
    indexHtml
      .replace(/<html lang="[a-z]+"/, `<html lang="${screen.lang}"${theme}`)
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      // A function, not a string: `$&`, `$'` and the like in a visitor's name stay text.
      .replace('<div id="root"></div>', () => `<div id="root"></div>${firstScreenHtml(screen)}`)
  );
}
