import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Faults } from '../faults';
import type { Scope, TokenRecord } from '../model';
import type { Presenter } from '../present';
import type { SandboxStore } from '../store';
import { ApiFailure, badRequest, notFound } from './errors';
import { writeResponse } from './id-as-string';
import { isId, parseJsonLosslessly } from '../../shared/api/ids';
import { headerToken, requireHeaderToken } from './lockdown';
import { parseMultipart, type UploadedFile } from './multipart';
import { Params } from './params';
import { RouteContext, type Route } from './route';
import { resolveVersion } from './version';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export function sendEnvelope(
  res: ServerResponse,
  status: number,
  data: unknown,
  meta: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  idAsString = false,
): void {
  const body = writeResponse({ data, meta: { ...meta, status } }, idAsString);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

export function sendFailure(res: ServerResponse, failure: ApiFailure): void {
  sendEnvelope(res, failure.status, {}, { error: failure.errorName, error_message: failure.message }, failure.headers);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Answered before the body is read to its end: the connection cannot be reused after that.
    if (size > MAX_BODY_BYTES)
      throw new ApiFailure(413, 'BadRequest', `Request body is larger than ${MAX_BODY_BYTES} bytes`, {
        connection: 'close',
      });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function formParams(
  req: IncomingMessage,
  lockedDown: boolean,
): Promise<{ fields: URLSearchParams; files: Map<string, UploadedFile> }> {
  const none = { fields: new URLSearchParams(), files: new Map<string, UploadedFile>() };
  // Public clients send a GET's parameters in a form body too; only Perch's own demo refuses that.
  if (req.method === 'HEAD' || (req.method === 'GET' && (lockedDown || !req.headers['content-type']))) return none;
  const raw = await readBody(req);
  if (raw.length === 0) return none;
  const header = req.headers['content-type'] ?? '';
  const type = header.split(';')[0]?.trim().toLowerCase();
  if (type === 'multipart/form-data') return parseMultipart(raw, header);
  if (type === 'application/json' && !lockedDown) return { fields: jsonFields(raw), files: none.files };
  // text/plain is what a web page may send anywhere without asking: a locked-down sandbox refuses it.
  if (type === 'application/x-www-form-urlencoded' || type === '' || (type === 'text/plain' && !lockedDown))
    return { fields: new URLSearchParams(raw.toString('utf8')), files: none.files };
  throw new ApiFailure(
    415,
    'BadRequest',
    `Unsupported content type ${type}; send form parameters (urlencoded or multipart)`,
  );
}

/**
 * A JSON object body, as public clients send it: each member is a parameter, structured values
 * as their JSON text (as a form would carry them).
 */
function jsonFields(raw: Buffer): URLSearchParams {
  let body: unknown;
  try {
    body = parseJsonLosslessly(raw.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('A JSON body must be an object');
  const fields = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    fields.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return fields;
}

export function tokenOf(req: IncomingMessage, params: Params): string | undefined {
  const header = req.headers.authorization;
  if (header) {
    const match = /^(Token|Bearer)\s+(\S+)\s*$/i.exec(header);
    return match?.[2];
  }
  return params.string('auth_token');
}

/** Splits an optional `/v1` or `/v2` prefix off the path. */
function splitVersion(path: string): { prefix: string | undefined; rest: string } {
  const match = /^\/v(\d+(?:\.\d+){0,2})(\/.*)$/.exec(path);
  return match ? { prefix: match[1], rest: match[2] as string } : { prefix: undefined, rest: path };
}

/** `/apps/$self_app/…` (or `%24self_app`): public clients' name for the token's own application. */
const SELF_APP = /^\/apps\/(?:\$|%24)self_app(?=\/|$)/i;

function decodePathId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest(`The path segment ${JSON.stringify(raw.slice(0, 64))} is not valid percent-encoding`);
  }
}

export interface ApiContext {
  routes: Route[];
  store: SandboxStore;
  present: Presenter;
  faults: Faults;
  /** Only Perch's own requests: the header token, checked before the body (http/lockdown.ts). */
  lockedDown?: boolean;
  /** Runs after a write is applied and before it is answered (persistence). */
  afterWrite(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one public API request: faults on demand, version, route, authentication, scopes, the
 * application check, then the handler; every failure leaves as the error envelope.
 */
export async function dispatch(req: IncomingMessage, res: ServerResponse, api: ApiContext): Promise<void> {
  const { routes, store, present, faults } = api;
  const isWrite = req.method === 'POST' || req.method === 'DELETE';
  try {
    if (faults.settings.latencyMs > 0) await sleep(faults.settings.latencyMs);
    const fault = faults.decide(isWrite);
    if (fault.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'error') {
      const retry =
        fault.status === 429 || fault.status === 503
          ? { 'retry-after': String(faults.settings.retryAfterSeconds) }
          : undefined;
      throw new ApiFailure(
        fault.status,
        fault.status === 429 ? 'TooManyRequests' : 'Error500',
        `Injected fault: HTTP ${fault.status}`,
        retry,
      );
    }
    const url = URL.parse(req.url ?? '/', 'http://sandbox.invalid');
    if (!url) throw badRequest('The request target is not a valid path');
    if (api.lockedDown) requireHeaderToken(req, store);
    const form = await formParams(req, api.lockedDown === true);
    const params = Params.from(url.searchParams, form.fields);
    const { prefix, rest } = splitVersion(url.pathname.replace(/\/+$/, '') || '/');
    const version = resolveVersion(prefix ?? params.string('version'));

    // Routes are matched with a stand-in ID; the token names the real one after authentication.
    const selfApp = SELF_APP.test(rest);
    const matching = routes.filter((r) => r.pattern.test(selfApp ? rest.replace(SELF_APP, '/apps/0') : rest));
    if (matching.length === 0) throw notFound(`No endpoint at ${rest}`);
    const route = matching.find((r) => r.method === req.method);
    if (!route) {
      const allowed = matching.map((r) => r.method).join(', ');
      throw new ApiFailure(405, 'MethodNotAllowed', `${req.method} is not allowed on ${rest}; use ${allowed}`, {
        allow: allowed,
      });
    }

    const secret = api.lockedDown ? headerToken(req) : tokenOf(req, params);
    const token: TokenRecord | undefined = secret ? store.tokens.get(secret) : undefined;
    if (!token)
      throw new ApiFailure(
        401,
        'NotAuthenticated',
        secret ? 'The token is not valid' : 'No token: send Authorization: Token <token>',
      );
    const scopes: Scope[] = typeof route.scopes === 'function' ? route.scopes(params) : route.scopes;
    const appParam = params.id('app');
    if (appParam !== undefined && appParam !== token.appId)
      throw new ApiFailure(
        403,
        'PermissionDeniedError',
        `This token belongs to application ${token.appId}, not ${appParam}`,
      );

    const path = selfApp ? rest.replace(SELF_APP, `/apps/${token.appId}`) : rest;
    const captured = decodePathId(route.pattern.exec(path)?.[1] ?? '0');
    // Not an ID: matches no record, so the route answers as for an unknown one.
    const pathId = isId(captured) ? captured : '';
    const ctx = new RouteContext(store, present, params, version, token, pathId, form.files);
    ctx.rawPathId = captured;
    for (const scope of scopes) ctx.requireScope(scope);
    const result = await route.handle(ctx);
    if (isWrite) await api.afterWrite();
    if (fault.kind === 'commit-then-drop') {
      req.socket.destroy();
      return;
    }
    sendEnvelope(res, 200, result.data, result.meta, {}, params.bool('id_as_string', false));
  } catch (error) {
    // The client went away mid-request (a killed process, a dropped network): nobody to answer.
    if (req.destroyed && (error as NodeJS.ErrnoException)?.code === 'ECONNRESET') return;
    if (error instanceof ApiFailure) sendFailure(res, error);
    else {
      console.error('sandbox: unexpected error', error);
      sendFailure(res, new ApiFailure(500, 'Error500', 'The sandbox failed to handle this request'));
    }
  }
}
