import { LIMITS, type PropValue } from '../../shared/api/types';
import { badRequest } from '../http/errors';
import type { Route, RouteContext } from '../http/route';
import type { UserRecord } from '../model';

interface Operation {
  op: string;
  key: string;
  value?: unknown;
}

/** Types the system properties accept; a value of another type is ignored, not stored. */
const SYSTEM_TYPES: Record<string, 'string' | 'number'> = {
  $name: 'string',
  $email: 'string',
  $phone: 'string',
  $city: 'string',
  $country: 'string',
  $last_seen: 'number',
  $sessions: 'number',
  $last_contacted: 'number',
  $initial_referrer: 'string',
  $utm_source: 'string',
};

function detectType(value: unknown, parse: boolean): PropValue {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && parse) {
    if (/^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
    if (value === 'true' || value === 'false') return value === 'true';
  }
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/** POST /users/{id}/props: operations in order; invalid ones are reported, never fatal. */
function props(ctx: RouteContext) {
  const raw = ctx.params.json('operations');
  if (!Array.isArray(raw)) throw badRequest('operations is required: a JSON array of {op, key, value}');
  if (raw.length > LIMITS.propsOperationsMax)
    throw badRequest(`At most ${LIMITS.propsOperationsMax} operations per request, got ${raw.length}`);
  const source = ctx.params.json('source');
  if (
    source !== undefined &&
    (typeof source !== 'object' || source === null || typeof (source as { type?: unknown }).type !== 'string')
  ) {
    throw badRequest('source must be an object with a string "type"');
  }
  const user: UserRecord = ctx.user({ create: true });
  const doubleSubscribe = ctx.params.bool('double_subscribe', false);
  const parse = ctx.params.bool('parse_custom_props_type', true);
  const affected = new Set<string>();
  const notChanged = new Set<string>();
  const ignored: (Operation & { reason: string })[] = [];

  for (const item of raw as unknown[]) {
    const op = item as Operation;
    if (!op || typeof op !== 'object' || typeof op.key !== 'string' || !op.key || typeof op.op !== 'string') {
      ignored.push({
        ...(typeof item === 'object' && item ? (item as Operation) : { op: String(item), key: '' }),
        reason: 'an operation needs "op" and "key"',
      });
      continue;
    }
    const system = op.key.startsWith('$');
    const bag = system ? user.props : user.propsCustom;
    const before = JSON.stringify(bag[op.key]);
    if (op.op === 'update_or_create') {
      const expected = SYSTEM_TYPES[op.key];
      if (system && expected && typeof op.value !== expected) {
        ignored.push({ ...op, reason: `${op.key} takes a ${expected}` });
        continue;
      }
      bag[op.key] = system ? (op.value as PropValue) : detectType(op.value, parse);
    } else if (op.op === 'add') {
      const current = bag[op.key];
      if (typeof op.value === 'number' && (current === undefined || typeof current === 'number'))
        bag[op.key] = (current ?? 0) + op.value;
      else if (Array.isArray(current) || current === undefined)
        bag[op.key] = [
          ...((current as string[] | undefined) ?? []),
          ...(Array.isArray(op.value) ? op.value.map(String) : [String(op.value)]),
        ];
      else {
        ignored.push({ ...op, reason: `add works on numbers and lists; ${op.key} is neither` });
        continue;
      }
    } else if (op.op === 'delete') {
      delete bag[op.key];
    } else {
      ignored.push({ ...op, reason: `unknown op ${op.op}; use update_or_create, add or delete` });
      continue;
    }
    if (JSON.stringify(bag[op.key]) === before) notChanged.add(op.key);
    else {
      affected.add(op.key);
      notChanged.delete(op.key);
      if (op.key === '$email' && user.emailStatus === 'unsubscribed' && doubleSubscribe && op.op !== 'delete')
        user.emailStatus = 'subscribed';
    }
  }
  if (affected.size > 0) {
    const values = (key: string) => (key.startsWith('$') ? user.props : user.propsCustom)[key] ?? null;
    ctx.store.userChanged(user.appId, user.id, {
      kind: 'props',
      props: Object.fromEntries([...affected].map((key) => [key, values(key)])),
    });
  }
  return {
    data: { id: user.id, app: user.appId },
    meta: {
      affected_props: [...affected],
      not_changed_props: [...notChanged].filter((k) => !affected.has(k)),
      ignored_operations: ignored,
    },
  };
}

export const userPropsRoutes: Route[] = [
  { method: 'POST', pattern: /^\/users\/([^/]+)\/props$/, scopes: ['user-write'], handle: props },
];
