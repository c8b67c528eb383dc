import { randomBytes } from 'node:crypto';
import { isId } from '../../shared/api/ids';

/** Keys whose values are identifiers (see docs/api-decisions.md, "Identifiers"). */
const ID_KEYS = new Set([
  'id',
  'app',
  'conversation',
  'part_group',
  'from',
  'message',
  'admin_id',
  'conversation_id',
  // Realtime payloads name a visitor or an administrator by a bare ID (/rts/channels).
  'user',
  'admin',
]);
/** Property bags are the user's own data: their values are never taken for IDs. */
const PROPERTY_BAGS = new Set(['props', 'props_custom', 'props_events', 'meta_data', 'body_json', 'params', 'filters']);

/**
 * A marker no client text can produce: a random nonce per process, so a visitor who writes
 * the marker's shape into a name still gets a string back.
 */
const NONCE = randomBytes(12).toString('hex');
const MARK = `\u0000${NONCE}:`;
const MARKED = new RegExp(`"\\\\u0000${NONCE}:(\\d+)"`, 'g');

/**
 * The response body as the platform writes it. The sandbox holds IDs as decimal strings (and
 * cursor IDs as bigints); the platform writes them as 64-bit JSON numbers, which a JavaScript
 * JSON.parse rounds, unless the request asked for `id_as_string=true`.
 */
export function writeResponse(value: unknown, idAsString: boolean): string {
  // Objects inside a property bag, marked as the walk enters them.
  const inBag = new WeakSet<object>();
  const text = JSON.stringify(value, function (this: object, key, v: unknown) {
    if (typeof v === 'bigint') return idAsString ? String(v) : `${MARK}${v}`;
    const bagged = inBag.has(this) || PROPERTY_BAGS.has(key);
    if (bagged && typeof v === 'object' && v !== null) inBag.add(v);
    if (idAsString || bagged || !ID_KEYS.has(key) || !isId(v)) return v;
    return `${MARK}${v}`;
  });
  return text.includes(NONCE) ? text.replace(MARKED, '$1') : text;
}
