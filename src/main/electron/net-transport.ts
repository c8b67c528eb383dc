import type { AuthInfo, ClientRequest, ClientRequestConstructorOptions, IncomingMessage } from 'electron';
import { ApiError } from '../core/api/errors';
import type { HttpRequest, HttpResponse, HttpTransport } from '../core/ports';
import type { NetworkState } from '../../shared/updates';

/** Electron's `net.request` (on Perch's session): Chromium's URL loader, one request. */
export type NetRequest = (options: ClientRequestConstructorOptions) => ClientRequest;

/** Answers a `login` event: with a name and password, or with nothing to cancel the sign-in. */
export type LoginAnswer = (authInfo: AuthInfo, callback: (username?: string, password?: string) => void) => void;

export interface NetTransportOptions {
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Who answers a proxy asking for a password; without it the sign-in is cancelled. */
  login?: LoginAnswer;
}

/**
 * The core's HTTP port over Electron's `net.request`: Chromium's network stack, so requests
 * follow the system's proxy settings (a PAC file included) and trust the OS's certificates.
 * `net.request` rather than `net.fetch`: only a ClientRequest of its own gets the `login` event
 * of a proxy asking for a password (fetch's is cancelled unheard). No cookie, no cache, no
 * redirect followed: a redirect is handed to the core as the server's answer.
 */
export function createNetTransport(request: NetRequest, options: NetTransportOptions = {}): HttpTransport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxResponseBytes ?? 32 * 1024 * 1024;
  return {
    async send(req: HttpRequest) {
      try {
        const body = await encoded(req.body);
        return await exchange(request, req, body, {
          timeoutMs: req.timeoutMs ?? timeoutMs,
          maxBytes,
          login: options.login,
        });
      } catch (error) {
        throw toApiError(error);
      }
    },
    close: async () => {},
  };
}

interface Encoded {
  bytes?: Buffer;
  contentType?: string;
}

/** A form as bytes: undici's FormData (the core's) copied into this runtime's own, then encoded by it. */
async function encoded(body: HttpRequest['body']): Promise<Encoded> {
  if (body === undefined) return {};
  if (typeof body === 'string') return { bytes: Buffer.from(body, 'utf8') };
  const form = new FormData();
  for (const [name, value] of (body as unknown as { entries(): Iterable<[string, unknown]> }).entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value as unknown as Blob, (value as { name?: string }).name);
  }
  const multipart = new Response(form);
  return {
    bytes: Buffer.from(await multipart.arrayBuffer()),
    contentType: multipart.headers.get('content-type') ?? undefined,
  };
}

function exchange(
  request: NetRequest,
  req: HttpRequest,
  body: Encoded,
  { timeoutMs, maxBytes, login }: { timeoutMs: number; maxBytes: number; login?: LoginAnswer },
): Promise<HttpResponse> {
  const signal = req.signal;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    // No `credentials` option: `omit` would also keep a proxy's 407 from raising `login`.
    // Without it Chromium sends no cookie anyway while `useSessionCookies` is false.
    const clientRequest = request({
      method: req.method,
      url: req.url,
      useSessionCookies: false,
      cache: 'no-store',
      redirect: 'manual',
    });
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      if (timer !== null) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    const fail = (error: unknown) => settle(() => reject(error));
    const abortWith = (reason: unknown) => {
      clientRequest.abort();
      fail(reason);
    };
    const onAbort = () => abortWith(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    // The clock stops while the agent types a proxy's password: an answer given after the
    // timeout would otherwise reach a request already given up.
    const startClock = () => {
      timer = setTimeout(() => abortWith(new DOMException('The request timed out', 'TimeoutError')), timeoutMs);
    };
    const stopClock = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    };
    startClock();

    try {
      for (const [name, value] of Object.entries(req.headers)) clientRequest.setHeader(name, value);
      if (body.contentType) clientRequest.setHeader('content-type', body.contentType);
    } catch (error) {
      return abortWith(error);
    }
    clientRequest.on('login', (authInfo, callback) => {
      if (!login) return callback();
      stopClock();
      login(authInfo, (username, password) => {
        if (settled) return;
        startClock();
        callback(username, password);
      });
    });
    clientRequest.on('redirect', (status, _method, location) => {
      clientRequest.abort();
      settle(() => resolve({ status, headers: { location }, body: '' }));
    });
    clientRequest.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) return void chunks.push(chunk);
        clientRequest.abort();
        fail(new ApiError('malformed', `Response larger than ${maxBytes} bytes`, { status: response.statusCode }));
      });
      response.on('end', () => {
        if (response.statusCode === 407) return fail(new ProxyRefused());
        const text = Buffer.concat(chunks).toString('utf8');
        settle(() => resolve({ status: response.statusCode, headers: { ...response.headers }, body: text }));
      });
      response.on('error', fail);
    });
    clientRequest.on('error', fail);
    if (body.bytes) clientRequest.write(body.bytes);
    clientRequest.end();
  });
}

/** A proxy that still asks for a password once the sign-in was cancelled or refused. */
class ProxyRefused extends Error {
  constructor() {
    super('net::ERR_PROXY_AUTH_REQUESTED: the proxy asks for a sign-in');
  }
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { name?: string; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return new ApiError('timeout', 'The request timed out', { cause: error });
  // Chromium names its errors in the message (net::ERR_CERT_AUTHORITY_INVALID…): kept for the connection check.
  return new ApiError('network', e?.message ?? 'Network error', { cause: error });
}

/** What Settings → Network shows: the proxy the system names for an address (DIRECT, PROXY host:port…). */
export async function networkStateOf(
  session: { resolveProxy(url: string): Promise<string> },
  url: string,
): Promise<NetworkState> {
  const proxy = await session.resolveProxy(url).then(
    (answer) => answer.trim() || null,
    () => null,
  );
  return { proxySource: 'system', proxy, certificates: 'system' };
}
