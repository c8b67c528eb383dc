/**
 * Text that comes from visitors (names, file names, previews) made safe to show: invisible
 * characters that change how text reads are taken out. The renderer shows such text in an
 * isolate (`<bdi>` or `dir="auto"`) as well, so right-to-left text never reorders the
 * agent's own text around it.
 */

/**
 * Bidi controls: embeddings and overrides (U+202A–202E), isolates (U+2066–2069), marks
 * (U+200E, U+200F, U+061C). An override makes "invoice" + U+202E + "fdp.exe" read as "invoiceexe.pdf".
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
/** Zero-width and other invisible characters that can hide inside a file name. */
const INVISIBLE = /[\u200B-\u200D\u2060-\u2064\uFEFF\u180E\u00AD]/g;
const CONTROL = /\p{Cc}/gu;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** One line of visitor text as the agent sees it: no bidi or control characters, whitespace folded. */
export function cleanUserText(text: string): string {
  return stripBidiControls(text).replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (code points, so an emoji is never cut in half), ending in "…" when cut. */
export function clipText(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * A file name as the file system reads it: NFKC (a fullwidth "ｅｘｅ" is "exe"), no bidi
 * or zero-width characters, and no trailing dots or spaces (Windows drops them, so "x.exe."
 * runs as x.exe). Control characters stay, for the caller to refuse.
 */
export function normalizeFileName(name: string): string {
  return stripBidiControls(name.normalize('NFKC'))
    .replace(INVISIBLE, '')
    .replace(/[.\s]+$/u, '')
    .trim();
}

/** The character references messages use, by name; numeric ones (`&#8212;`, `&#x2014;`) are read as numbers. */
const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  times: '×',
  deg: '°',
};
const REFERENCE = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]{2,8}));/gi;

function decodeReference(reference: string, decimal?: string, hex?: string, name?: string): string {
  if (name !== undefined) return NAMED_REFERENCES[name] ?? reference;
  const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
  // As browsers do: NUL, surrogates and code points past Unicode read as the replacement character.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

/**
 * The text of HTML from the wire (a message body, release notes): tags dropped, lines kept
 * (a break or the end of a paragraph, list item, heading or block starts a new line, a new
 * paragraph leaves an empty one), character references decoded once, after the tags are gone,
 * so `&lt;b&gt;` stays visible text and `&amp;lt;` reads `&lt;`. One pass per step: a body of
 * unclosed "<" costs linear time.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<br\b[^<>]*>/gi, '\n')
    .replace(/<\/p>\s*<p\b[^<>]*>/gi, '\n\n')
    .replace(/<\/(?:p|div|li|h[1-6]|tr|blockquote)\b[^<>]*>/gi, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(REFERENCE, decodeReference);
  return withoutOuterNewlines(text);
}

/** By index, not by pattern: `\n+$` retries from every newline, quadratic on a body of a million breaks. */
function withoutOuterNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}
