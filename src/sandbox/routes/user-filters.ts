import type { PropValue } from '../../shared/api/types';
import { badRequest } from '../http/errors';

/**
 * The `filters` of GET /apps/{id}/users (shape not shown by the specification; see
 * docs/api-decisions.md): a JSON array of conditions, all of which must hold.
 * `{"prop": "$city", "op": "eq", "value": "Berlin"}` with op one of eq, neq, contains,
 * exists, not_exists, gt, lt.
 */
export interface Condition {
  prop: string;
  op: 'eq' | 'neq' | 'contains' | 'exists' | 'not_exists' | 'gt' | 'lt';
  value?: PropValue;
}

const OPS = ['eq', 'neq', 'contains', 'exists', 'not_exists', 'gt', 'lt'];

export function parseFilters(raw: unknown): Condition[] {
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((item, i) => {
    const c = item as Partial<Condition>;
    if (!c || typeof c !== 'object' || typeof c.prop !== 'string' || !OPS.includes(String(c.op))) {
      throw badRequest(`filters[${i}] must be {"prop": string, "op": ${OPS.join('|')}, "value"?: …}`);
    }
    return c as Condition;
  });
}

export function matches(props: Record<string, PropValue>, conditions: Condition[]): boolean {
  return conditions.every(({ prop, op, value }) => {
    const v = props[prop];
    const present = v !== undefined && v !== null && v !== '';
    switch (op) {
      case 'exists':
        return present;
      case 'not_exists':
        return !present;
      case 'eq':
        return Array.isArray(v) ? v.includes(String(value)) : String(v) === String(value);
      case 'neq':
        return !(Array.isArray(v) ? v.includes(String(value)) : String(v) === String(value));
      case 'contains':
        return (
          present &&
          String(v)
            .toLowerCase()
            .includes(String(value ?? '').toLowerCase())
        );
      case 'gt':
        return present && Number(v) > Number(value);
      case 'lt':
        return present && Number(v) < Number(value);
    }
  });
}
