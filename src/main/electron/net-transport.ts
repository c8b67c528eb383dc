import { ApiError } from '../core/api/errors';
import { readAtMost } from '../core/network/read-at-most';
import type { HttpRequest, HttpTransport } from '../core/ports';
import type { NetworkState } from '../../shared/updates';

/** What the transport needs of an Electron session: Chromium's network stack. */
export interface NetSession {
  fetch(input: string, init?: RequestInit): Promise<Response>;
  resolveProxy(url: string): Promise<string>;
}

/**
 * The core's HTTP port over Electron's `session.fetch`: Chromium's network stack, so requests
 * follow the system's proxy settings (a PAC file included) and trust the OS's certificates,
 * and a proxy asking for a password raises the app's `login` event.
 */
export function createNetTransport(
  session: NetSession,
  options: { timeoutMs?: number; maxResponseBytes?: number } = {},
): HttpTransport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxResponseBytes ?? 32 * 1024 * 1024;
  return {
    async send(req: HttpRequest) {
      const timeout = AbortSignal.timeout(req.timeoutMs ?? timeoutMs);
      const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
      try {
        const response = await session.fetch(req.url, {
          method: req.method,
          headers: req.headers,
          body: bodyOf(req.body),
          signal,
          credentials: 'omit',
          redirect: 'manual',
        });
        const body = await readCapped(response, maxBytes);
        return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body };
      } catch (error) {
        throw toApiError(error);
      }
    },
    close: async () => {},
  };
}

/** undici's FormData (the core's) copied into this runtime's own, which Chromium's fetch accepts. */
function bodyOf(body: HttpRequest['body']): string | FormData | undefined {
  if (body === undefined || typeof body === 'string') return body;
  const form = new FormData();
  for (const [name, value] of (body as unknown as { entries(): Iterable<[string, unknown]> }).entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value as unknown as Blob, (value as { name?: string }).name);
  }
  return form;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const bytes = await readAtMost(response, maxBytes);
  if (!bytes) throw new ApiError('malformed', `Response larger than ${maxBytes} bytes`, { status: response.status });
  return Buffer.from(bytes).toString('utf8');
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
export async function networkStateOf(session: Pick<NetSession, 'resolveProxy'>, url: string): Promise<NetworkState> {
  const proxy = await session.resolveProxy(url).then(
    (answer) => answer.trim() || null,
    () => null,
  );
  return { proxySource: 'system', proxy, certificates: 'system' };
}
