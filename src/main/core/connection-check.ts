import type { AccountForm, ConnectFailure } from '../../shared/ipc/contract';
import { ApiClient } from './api/client';
import { ApiError } from './api/errors';
import type { HttpTransport } from './api/transport';

export type ConnectionCheck = { ok: true; missingOptional: string[] } | { ok: false; failure: ConnectFailure; missing: string[]; detail: string };

/** Scopes without which Perch cannot work as an inbox. */
const REQUIRED = ['conversations-read', 'conversations-write'];

/**
 * One harmless request per scope. Writes go to conversation and user 0, which cannot exist:
 * a token with the scope gets "not found", a token without it "permission denied", and
 * nothing is changed either way.
 */
const PROBES: { scope: string; method: 'GET' | 'POST'; path: (appId: number) => string; params: Record<string, string | number> }[] = [
  { scope: 'conversations-write', method: 'POST', path: () => '/conversations/0/tag', params: { tag: 'perch-connection-check' } },
  { scope: 'user-read', method: 'GET', path: (app) => `/apps/${app}/users`, params: { limit: 1 } },
  { scope: 'user-write', method: 'POST', path: () => '/users/0/props', params: { operations: '[]' } },
  { scope: 'users-list-active', method: 'GET', path: (app) => `/apps/${app}/activeusers`, params: { paginate_count: 1 } },
];

const mentionsScope = (error: ApiError) => /scope/i.test(error.message);

/** A base URL Perch will send a token to: http(s) with a host, no credentials, no query. */
export function normalizeBaseUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password || url.search || url.hash) return null;
  return url.toString().replace(/\/+$/, '');
}

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves this computer. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Whether a token may go to this address: https, or plain http to this computer only. */
export function sendsTokenSafely(baseUrl: string): boolean {
  const url = URL.parse(baseUrl);
  return url !== null && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)));
}

function failureOf(error: unknown, baseUrl: string): ConnectionCheck {
  const detail = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return { ok: false, failure: 'unreachable', missing: [], detail };
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return { ok: false, failure: 'unreachable', missing: [], detail: `${new URL(baseUrl).host}: ${detail}` };
    case 'malformed':
      return { ok: false, failure: 'not-api', missing: [], detail };
    case 'auth':
      return { ok: false, failure: 'wrong-token', missing: [], detail };
    case 'not-found':
      return { ok: false, failure: 'wrong-app', missing: [], detail };
    case 'permission':
      return mentionsScope(error) ? { ok: false, failure: 'missing-scopes', missing: ['conversations-read'], detail } : { ok: false, failure: 'wrong-app', missing: [], detail };
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
  if (!sendsTokenSafely(baseUrl)) return { ok: false, failure: 'insecure-url', missing: [], detail: `${baseUrl}: the token is sent only over https:// (plain http only to this computer)` };
  const api = new ApiClient({ baseUrl, token: form.token.trim(), appId: form.appId, transport });
  try {
    await api.call('GET', `/apps/${form.appId}/conversations`, { paginate_count: 1 });
  } catch (error) {
    return failureOf(error, baseUrl);
  }
  const missing: string[] = [];
  for (const probe of PROBES) {
    try {
      await api.call(probe.method, probe.path(form.appId), probe.params);
    } catch (error) {
      if (!(error instanceof ApiError)) return failureOf(error, baseUrl);
      if (error.kind === 'permission' && mentionsScope(error)) missing.push(probe.scope);
      else if (error.kind === 'auth' || error.kind === 'network' || error.kind === 'timeout') return failureOf(error, baseUrl);
      // Not found, bad request and the like: the scope let the request through.
    }
  }
  const missingRequired = missing.filter((s) => REQUIRED.includes(s));
  if (missingRequired.length) return { ok: false, failure: 'missing-scopes', missing: missingRequired, detail: `Missing: ${missingRequired.join(', ')}` };
  return { ok: true, missingOptional: missing };
}
