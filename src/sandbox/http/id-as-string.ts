/** Keys whose numeric values are identifiers. */
const ID_KEYS = new Set(['id', 'app', 'conversation', 'part_group', 'from', 'admin', 'admin_id', 'conversation_id']);
/** Property bags are the user's own data: id_as_string leaves them alone. */
const PROPERTY_BAGS = new Set(['props', 'props_custom', 'props_events', 'meta_data', 'body_json', 'params', 'filters']);

/** With id_as_string=true every identifier in a response becomes a string (see docs/api-decisions.md). */
export function idsAsStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idsAsStrings);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (PROPERTY_BAGS.has(key)) out[key] = v;
    else if (ID_KEYS.has(key) && typeof v === 'number') out[key] = String(v);
    else out[key] = idsAsStrings(v);
  }
  return out;
}
