/**
 * Limits on what enters Perch from a server (docs/reliability.md, "Clipped at the boundary"): a
 * visitor's 5 MB name or a value nested a hundred thousand levels deep would freeze the window,
 * swell the cache or overflow the stack of whatever walks it. Strings are cut, lists and
 * objects keep their first entries, and anything nested deeper than {@link MAX_DEPTH} is dropped.
 */

/** Names, tags, channel names and property values as lists and rows show them. */
export const LIST_TEXT_MAX = 1000;
/** Property values in the visitor panel, and message bodies. */
export const FULL_TEXT_MAX = 100_000;
const MAX_DEPTH = 6;
const MAX_ENTRIES = 1000;

export const clipText = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A JSON value within the limits; the depth bound also bounds this function's own recursion. */
export function boundValue(value: unknown, maxText: number, depth = 0): unknown {
  if (typeof value === 'string') return clipText(value, maxText);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.slice(0, MAX_ENTRIES).map((v) => boundValue(v, maxText, depth + 1));
  const out: Record<string, unknown> = {};
  let kept = 0;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (kept++ >= MAX_ENTRIES) break;
    out[clipText(key, LIST_TEXT_MAX)] = boundValue((value as Record<string, unknown>)[key], maxText, depth + 1);
  }
  return out;
}

/** A record of values (properties, meta data) within the limits. */
export const boundRecord = (record: Record<string, unknown>, maxText: number): Record<string, unknown> =>
  boundValue(record, maxText) as Record<string, unknown>;
