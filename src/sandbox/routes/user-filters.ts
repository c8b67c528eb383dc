import type { PropValue } from '../../shared/api/types';
import { badRequest } from '../http/errors';

/**
 * The `filters` of GET /apps/{id}/users, as https://developers.dashly.io/filters writes them:
 * `{"type": "and" | "or", "filters": [{"type": <operator>, "property_name": <name>, "value": {…}}]}`.
 * The operators the page shows (known, unknown, gt, gt_or_unknown, lt, lt_or_unknown, range,
 * eq, neq, str_eq, str_neq, str_contains) and those public notes name past the stored part of
 * the page (str_notcontains, bool_true, bool_false, daysmore, daysless, lcontains).
 */
export interface Condition {
  type: Operator;
  property_name: string;
  value: { value?: unknown; value1?: unknown; value2?: unknown };
}

export interface UserFilter {
  type: 'and' | 'or';
  filters: Condition[];
}

const OPERATORS = [
  'known',
  'unknown',
  'gt',
  'gt_or_unknown',
  'lt',
  'lt_or_unknown',
  'range',
  'eq',
  'neq',
  'str_eq',
  'str_neq',
  'str_contains',
  'str_notcontains',
  'bool_true',
  'bool_false',
  'daysmore',
  'daysless',
  'lcontains',
] as const;
type Operator = (typeof OPERATORS)[number];

const SHAPE = '{"type": "and"|"or", "filters": [{"type": <operator>, "property_name": string, "value": {…}}]}';

export function parseFilters(raw: unknown): UserFilter | null {
  if (raw === undefined || raw === null) return null;
  const filter = raw as Partial<UserFilter>;
  if (typeof filter !== 'object' || (filter.type !== 'and' && filter.type !== 'or') || !Array.isArray(filter.filters))
    throw badRequest(`filters must be ${SHAPE}`);
  filter.filters.forEach((item, i) => {
    const c = item as Partial<Condition> | null;
    if (
      !c ||
      typeof c !== 'object' ||
      typeof c.property_name !== 'string' ||
      !OPERATORS.includes(c.type as Operator) ||
      (c.value !== undefined && (typeof c.value !== 'object' || c.value === null))
    )
      throw badRequest(`filters.filters[${i}] must be {"type": ${OPERATORS.join('|')}, "property_name", "value": {…}}`);
  });
  return filter as UserFilter;
}

export function matches(
  props: Record<string, PropValue>,
  filter: UserFilter | null,
  nowSeconds = Date.now() / 1000,
): boolean {
  if (!filter || filter.filters.length === 0) return true;
  const test = (c: Condition) => holds(props[c.property_name], c, nowSeconds);
  return filter.type === 'and' ? filter.filters.every(test) : filter.filters.some(test);
}

function holds(v: PropValue | undefined, { type, value }: Condition, now: number): boolean {
  const known = v !== undefined && v !== null && v !== '';
  const target = value?.value;
  const text = (x: unknown) => String(x ?? '').toLowerCase();
  const days = known ? (now - toSeconds(v)) / 86400 : Number.NaN;
  switch (type) {
    case 'known':
      return known;
    case 'unknown':
      return !known;
    case 'gt':
      return known && Number(v) > Number(target);
    case 'gt_or_unknown':
      return !known || Number(v) > Number(target);
    case 'lt':
      return known && Number(v) < Number(target);
    case 'lt_or_unknown':
      return !known || Number(v) < Number(target);
    case 'range':
      return known && Number(v) >= Number(value?.value1) && Number(v) <= Number(value?.value2);
    case 'eq':
      return known && Number(v) === Number(target);
    case 'neq':
      return !known || Number(v) !== Number(target);
    case 'str_eq':
      return known && text(v) === text(target);
    case 'str_neq':
      return !known || text(v) !== text(target);
    case 'str_contains':
      return known && text(v).includes(text(target));
    case 'str_notcontains':
      return !known || !text(v).includes(text(target));
    case 'bool_true':
      return v === true || v === 'true';
    case 'bool_false':
      return v === false || v === 'false';
    case 'daysmore':
      return known && days > Number(target);
    case 'daysless':
      return known && days < Number(target);
    case 'lcontains':
      return Array.isArray(v) && v.some((item) => text(item) === text(target));
  }
}

/** A date property: seconds, or an ISO 8601 string as the platform writes `$last_seen`. */
function toSeconds(v: PropValue | undefined): number {
  if (typeof v === 'number') return v;
  const parsed = Date.parse(String(v));
  return Number.isNaN(parsed) ? Number.NaN : parsed / 1000;
}
