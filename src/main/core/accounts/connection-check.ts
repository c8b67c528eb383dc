import { isId, type Id } from '../../../shared/api/ids';
import type { AccountForm, AdminChoice, ConnectFailure } from '../../../shared/ipc/contract';
import { ApiClient, SELF_APP } from '../api/client';
import { ApiError } from '../api/errors';
import type { HttpTransport } from '../ports';
import { networkProblemOf } from '../network/network-problem';
import { isLoopback } from '../network/loopback';

export type ConnectionCheck =
  | { ok: true; appId: Id; adminId: Id; missingOptional: string[] }
  | { ok: false; failure: ConnectFailure; missing: string[]; detail: string; admins?: AdminChoice[] };

/** Scopes without which Perch cannot work as an inbox. */
const REQUIRED = ['conversations-read', 'conversations-write'];

/**
 * One harmless request per scope. Writes go to conversation and user 0, which cannot exist:
 * a token with the scope gets "not found", a token without it "permission denied", and
 * nothing is changed either way.
 */
const PROBES: { scope: string; method: 'GET' | 'POST'; path: string; params: Record<string, string | number> }[] = [
  {
    scope: 'conversations-write',
    method: 'POST',
    path: '/conversations/0/tag',
    params: { tag: 'perch-connection-check' },
  },
  { scope: 'user-read', method: 'GET', path: `/apps/${SELF_APP}/users`, params: { limit: 1 } },
  { scope: 'user-write', method: 'POST', path: '/users/0/props', params: { operations: '[]' } },
  { scope: 'users-list-active', method: 'GET', path: `/apps/${SELF_APP}/activeusers`, params: { paginate_count: 1 } },
  // "Write" from Leads and Live visitors (https://developers.carrotquest.io/webapi/endpoints/users/sendmessage).
  { scope: 'messages-manual-send-one', method: 'POST', path: '/users/0/sendmessage', params: { body: '' } },
];

/** An ID as the API gives it: digits with `id_as_string` (or an exact number), as its string. */
function idOf(value: unknown): Id | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (isId(value) && value !== '0') return value;
  return undefined;
}

/** The application named by a conversation list (`user.app`) or a lead list (`users[].app`). */
function applicationIn(data: unknown): Id | undefined {
  const items: unknown[] = Array.isArray(data)
    ? data
    : Array.isArray((data as { users?: unknown })?.users)
      ? (data as { users: unknown[] }).users
      : [];
  for (const item of items) {
    const app = idOf((item as { app?: unknown })?.app) ?? idOf((item as { user?: { app?: unknown } })?.user?.app);
    if (app !== undefined) return app;
  }
  return undefined;
}

const mentionsScope = (error: ApiError) => /scope/i.test(error.message);

/** An error status with no API envelope: a web page (404, 403, 401 in HTML) answered, not the API. */
const notTheApi = (error: ApiError) =>
  /^HTTP \d+ from /.test(error.message) && error.kind !== 'server' && error.kind !== 'rate-limited';

const asItems = (data: unknown): unknown[] =>
  Array.isArray(data)
    ? data
    : Array.isArray((data as { items?: unknown })?.items)
      ? (data as { items: unknown[] }).items
      : [];

/**
 * The application's administrators as far as the API shows them: the API has no list of
 * administrators, but channels name their operators and conversations their assignee and
 * last administrator. A read that fails leaves the list shorter, never the check failed.
 */
async function administratorsOf(api: ApiClient, appId: Id): Promise<AdminChoice[]> {
  const found = new Map<Id, string>();
  const add = (ref: unknown) => {
    // Bots and the default sender are no one an agent can be (/objects/admin).
    const type = (ref as { type?: unknown })?.type;
    if (type !== undefined && type !== 'admin') return;
    const id = idOf((ref as { id?: unknown })?.id);
    const name = (ref as { name?: unknown })?.name;
    if (id !== undefined && typeof name === 'string' && name.trim() && !found.has(id))
      found.set(id, name.trim().slice(0, 200));
  };
  try {
    const { data } = await api.call('GET', `/apps/${appId}/channels`, {});
    for (const channel of asItems(data))
      for (const operator of asItems((channel as { operators?: unknown })?.operators)) add(operator);
  } catch {
    // Channels may be out of the token's reach; conversations still name administrators.
  }
  try {
    const { data } = await api.call('GET', `/apps/${appId}/conversations`, {
      paginate_count: 50,
      include_not_assigned: true,
    });
    for (const conversation of asItems(data)) {
      add((conversation as { assignee?: unknown })?.assignee);
      add((conversation as { last_admin?: unknown })?.last_admin);
    }
  } catch {
    // As above: a shorter list.
  }
  return [...found].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** A base URL Perch will send a token to: http(s) with a host, no credentials, no query. */
export function normalizeBaseUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    !url.hostname ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  )
    return null;
  return url.toString().replace(/\/+$/, '');
}

/** Whether a token may go to this address: https, or plain http to this computer only. */
export function sendsTokenSafely(baseUrl: string): boolean {
  const url = URL.parse(baseUrl);
  return url !== null && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)));
}

function failureOf(error: unknown, baseUrl: string): ConnectionCheck {
  const detail = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return { ok: false, failure: 'unreachable', missing: [], detail };
  if (notTheApi(error)) return { ok: false, failure: 'not-api', missing: [], detail };
  switch (error.kind) {
    case 'network':
    case 'timeout': {
      const problem = networkProblemOf(error);
      if (problem) return { ok: false, failure: problem, missing: [], detail };
      return { ok: false, failure: 'unreachable', missing: [], detail: `${new URL(baseUrl).host}: ${detail}` };
    }
    case 'malformed':
      return { ok: false, failure: 'not-api', missing: [], detail };
    case 'auth':
      return { ok: false, failure: 'wrong-token', missing: [], detail };
    case 'not-found':
      return { ok: false, failure: 'wrong-app', missing: [], detail };
    case 'permission':
      return mentionsScope(error)
        ? { ok: false, failure: 'missing-scopes', missing: ['conversations-read'], detail }
        : { ok: false, failure: 'wrong-app', missing: [], detail };
    default:
      return { ok: false, failure: 'server', missing: [], detail };
  }
}

/**
 * Tells whether an account can be used before anything is saved: reachable, the API, a valid
 * token of that application, and which scopes it lacks.
 */
export async function checkConnection(form: AccountForm, transport: HttpTransport): Promise<ConnectionCheck> {
  const baseUrl = normalizeBaseUrl(form.baseUrl);
  if (!baseUrl) return { ok: false, failure: 'invalid-url', missing: [], detail: form.baseUrl.slice(0, 200) };
  // Before anything is sent: over plain http the token would cross the network readable by anyone on the way.
  if (!sendsTokenSafely(baseUrl))
    return {
      ok: false,
      failure: 'insecure-url',
      missing: [],
      detail: `${baseUrl}: the token is sent only over https:// (plain http only to this computer)`,
    };
  const api = new ApiClient({ baseUrl, token: form.token.trim(), appId: form.appId, transport });
  // The token names its application: whatever the API shows of it (a conversation's or a lead's `app`) is its ID.
  let learned: Id | undefined;
  try {
    const { data } = await api.call('GET', `/apps/${SELF_APP}/conversations`, {
      paginate_count: 1,
      include_not_assigned: true,
    });
    learned = applicationIn(data);
  } catch (error) {
    return failureOf(error, baseUrl);
  }
  const missing: string[] = [];
  for (const probe of PROBES) {
    try {
      const { data } = await api.call(probe.method, probe.path, probe.params);
      if (probe.scope === 'user-read') learned ??= applicationIn(data);
    } catch (error) {
      if (!(error instanceof ApiError) || notTheApi(error)) return failureOf(error, baseUrl);
      // A probe names object 0, which belongs to no application: a refusal can only be the scope,
      // whether or not the message says so (PermissionDeniedError puts details in the message).
      if (error.kind === 'permission') missing.push(probe.scope);
      else if (error.kind === 'auth' || error.kind === 'network' || error.kind === 'timeout')
        return failureOf(error, baseUrl);
      // Not found, bad request and the like: the scope let the request through.
    }
  }
  const typed = form.appId;
  if (typed !== undefined && learned !== undefined && typed !== learned) {
    return {
      ok: false,
      failure: 'wrong-app',
      missing: [],
      detail: `The token belongs to application ${learned}, not ${typed}`,
    };
  }
  if (typed !== undefined && learned === undefined) {
    // Nothing named the application: the typed ID is checked by asking for it by number.
    try {
      await api.call('GET', `/apps/${typed}/conversations`, { paginate_count: 1 });
    } catch (error) {
      return failureOf(error, baseUrl);
    }
  }
  const appId = learned ?? typed;
  if (appId === undefined)
    return {
      ok: false,
      failure: 'app-unknown',
      missing: [],
      detail: 'The application has no conversations or visitors yet that would name it',
    };
  const missingRequired = missing.filter((s) => REQUIRED.includes(s));
  if (missingRequired.length)
    return {
      ok: false,
      failure: 'missing-scopes',
      missing: missingRequired,
      detail: `Missing: ${missingRequired.join(', ')}`,
    };
  // The agent's own ID: picked from the administrators Perch found, or typed when none were found.
  const admins = await administratorsOf(api, appId);
  if (form.adminId === undefined) return { ok: false, failure: 'choose-admin', missing: [], detail: '', admins };
  if (admins.length && !admins.some((a) => a.id === form.adminId) && !form.adminUnlisted) {
    return {
      ok: false,
      failure: 'unknown-admin',
      missing: [],
      detail: `Administrator ${form.adminId} is not among ${admins.map((a) => a.id).join(', ')}`,
      admins,
    };
  }
  return { ok: true, appId, adminId: form.adminId, missingOptional: missing };
}
