import { z } from 'zod';

/**
 * The inbox's first screen as the agent last saw it, kept by main and drawn into the page
 * before the app's code runs (docs/performance.md). The renderer sends it as data, never as
 * markup: main writes the HTML itself, from the elements and attributes allowed here only,
 * every text and attribute escaped.
 */
export type FirstScreenNode = string | FirstScreenElement;
export interface FirstScreenElement {
  tag: FirstScreenTag;
  attrs?: Record<string, string>;
  children?: FirstScreenNode[];
}
export interface FirstScreen {
  /** The page's language and theme when it was seen: the snapshot is drawn in them. */
  lang: 'en' | 'ru';
  theme: 'light' | 'dark' | null;
  /** The children of the app's root element. */
  nodes: FirstScreenNode[];
}

/** What a first screen may be drawn with: the app's layout elements, no script, link, image or form. */
export const FIRST_SCREEN_TAGS = [
  'div',
  'span',
  'nav',
  'section',
  'header',
  'main',
  'aside',
  'ul',
  'ol',
  'li',
  'p',
  'h1',
  'h2',
  'h3',
  'strong',
  'em',
  'small',
  'bdi',
  'time',
  'button',
  'label',
  'input',
  'kbd',
  'svg',
  'g',
  'path',
  'circle',
  'rect',
  'defs',
  'lineargradient',
  'stop',
] as const;
export type FirstScreenTag = (typeof FIRST_SCREEN_TAGS)[number];
/**
 * Attributes that style things; no event handlers, links, styles or sources. Roles, names and
 * data attributes stay with the live app: the snapshot is one busy, labelled region of nothing
 * to act on, and nothing in it answers to what finds the app's rows and controls.
 */
export const FIRST_SCREEN_ATTRIBUTES = new Set([
  'class',
  'title',
  'datetime',
  'aria-hidden',
  'type',
  'placeholder',
  'viewbox',
  'd',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'cx',
  'cy',
  'r',
  'x',
  'y',
  'rx',
  'width',
  'height',
  'x1',
  'y1',
  'x2',
  'y2',
  'offset',
  'stop-color',
  'id',
]);
/**
 * The only ids a first screen may hold: its own gradients' (the logo's), named apart from the
 * app's so that the saved screen and the live app never share one.
 */
export const FIRST_SCREEN_ID_PREFIX = 'first-screen-';
export const FIRST_SCREEN_MAX_NODES = 5000;
const MAX_TEXT = 2000;
const MAX_DEPTH = 40;

const nodeSchema: z.ZodType<FirstScreenNode> = z.lazy(() =>
  z.union([
    z.string().max(MAX_TEXT),
    z
      .object({
        tag: z.enum(FIRST_SCREEN_TAGS),
        attrs: z
          .record(z.string(), z.string().max(MAX_TEXT))
          .refine(
            (attrs) => Object.keys(attrs).every((name) => FIRST_SCREEN_ATTRIBUTES.has(name)),
            'an attribute not allowed',
          )
          .refine(
            (attrs) => attrs.id === undefined || attrs.id.startsWith(FIRST_SCREEN_ID_PREFIX),
            `an id not starting with ${FIRST_SCREEN_ID_PREFIX}`,
          )
          .optional(),
        children: z.array(nodeSchema).max(FIRST_SCREEN_MAX_NODES).optional(),
      })
      .strict(),
  ]),
);

/** How many nodes the tree holds and how deep it goes: both bounded. */
function measure(nodes: FirstScreenNode[], depth = 1): { count: number; depth: number } {
  let count = 0;
  let deepest = depth;
  for (const node of nodes) {
    count += 1;
    if (typeof node !== 'string' && node.children) {
      const inner = measure(node.children, depth + 1);
      count += inner.count;
      deepest = Math.max(deepest, inner.depth);
    }
  }
  return { count, depth: deepest };
}

export const firstScreenSchema: z.ZodType<FirstScreen> = z
  .object({
    lang: z.enum(['en', 'ru']),
    theme: z.enum(['light', 'dark']).nullable(),
    nodes: z.array(nodeSchema).max(FIRST_SCREEN_MAX_NODES),
  })
  .strict()
  .refine((screen) => {
    const { count, depth } = measure(screen.nodes);
    return count <= FIRST_SCREEN_MAX_NODES && depth <= MAX_DEPTH;
  }, `at most ${FIRST_SCREEN_MAX_NODES} nodes, ${MAX_DEPTH} deep`);
