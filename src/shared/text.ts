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
