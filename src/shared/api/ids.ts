/**
 * The platform's identifiers are 64-bit integers (docs/api-decisions.md, "Identifiers"): most
 * do not fit a JavaScript number, so Perch carries every ID as its decimal string, from the
 * response to the screen and back. A number is accepted only while it is exact (a server that
 * ignores `id_as_string`, read with {@link parseJsonLosslessly}, or a state file of an earlier
 * version) and becomes its string (`idSchema` in ./schemas). No zod here: the renderer uses it.
 */
export type Id = string;

/** The largest unsigned 64-bit value, the largest ID the platform can have. */
export const UINT64_MAX = '18446744073709551615';

/**
 * The 20-digit values up to `max` as alternatives: `max` itself, and for each of its digits
 * the same digits before it, a smaller one there and any after. No quantifier nests, so a
 * test costs a few passes over at most 20 characters.
 */
function atMost(max: string): string {
  const alternatives = [max];
  for (let i = 0; i < max.length; i++) {
    const digit = Number(max[i]);
    const lowest = i === 0 ? 1 : 0;
    if (digit > lowest) alternatives.push(`${max.slice(0, i)}[${lowest}-${digit - 1}][0-9]{${max.length - i - 1}}`);
  }
  return alternatives.join('|');
}

/** Decimal digits without leading zeros (0 alone allowed), no more than UINT64_MAX: the unsigned 64-bit range. */
export const DECIMAL_ID = new RegExp(`^(?:0|[1-9][0-9]{0,18}|${atMost(UINT64_MAX)})$`);

export const isId = (value: unknown): value is Id => typeof value === 'string' && DECIMAL_ID.test(value);

/** Orders IDs as the numbers they are (shorter is smaller; equal lengths compare digit by digit). */
export function compareIds(a: Id, b: Id): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * JSON.parse that keeps every digit: a whole number too large to be exact as a JavaScript
 * number is read as its decimal string instead. Everything else reads as JSON.parse reads it.
 * One pass over the text; strings (with their escapes) are skipped untouched.
 */
export function parseJsonLosslessly(text: string): unknown {
  if (!mayHoldLargeInteger(text)) return JSON.parse(text);
  let out = '';
  let copiedUpTo = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === 92 /* \ */) i++;
        else if (s === 34) break;
      }
      continue;
    }
    if (c !== 45 /* - */ && (c < 48 || c > 57)) continue;
    // A number token: sign, digits, then perhaps a fraction and an exponent, read whole.
    const start = i;
    if (c === 45) i++;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    const integerEnd = i;
    if (text.charCodeAt(i) === 46 /* . */) for (i++; i < n && isDigit(text.charCodeAt(i));) i++;
    if ((text.charCodeAt(i) | 32) === 101 /* e or E */) {
      i++;
      if (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45) i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
    }
    const whole = i === integerEnd;
    if (whole && i - start > 15 && !Number.isSafeInteger(Number(text.slice(start, i)))) {
      out += `${text.slice(copiedUpTo, start)}"${text.slice(start, i)}"`;
      copiedUpTo = i;
    }
    i--;
  }
  return JSON.parse(copiedUpTo === 0 ? text : out + text.slice(copiedUpTo));
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Whether the text has a run of 16 or more digits at all: most answers do not, and skip the scan. */
function mayHoldLargeInteger(text: string): boolean {
  return /[0-9]{16}/.test(text);
}

/** Keys that hold an ID (or an object with one) in the API's objects. */
const ID_KEYS = new Set(['id', 'app', 'conversation', 'part_group', 'from', 'message', 'admin_id', 'conversation_id']);
/** The user's own data: an `id` inside is theirs, not the platform's. */
const PROPERTY_BAGS = new Set(['props', 'props_custom', 'props_events', 'meta_data', 'body_json', 'params', 'filters']);

/**
 * Every numeric ID under the API's ID keys as its decimal string, the rest as it was: what
 * state written by earlier versions of Perch (numbers) becomes on reading.
 */
export function idsToStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idsToStrings);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (PROPERTY_BAGS.has(key)) out[key] = v;
    else if (ID_KEYS.has(key) && typeof v === 'number' && Number.isSafeInteger(v)) out[key] = String(v);
    else out[key] = idsToStrings(v);
  }
  return out;
}
