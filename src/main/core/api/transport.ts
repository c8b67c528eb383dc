import { Agent, EnvHttpProxyAgent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import { ApiError } from './errors';
import type { HttpTransport } from '../ports';
import { trustedRoots } from '../network/trusted-roots';

export interface UndiciTransportOptions {
  timeoutMs?: number;
  /** Use HTTP(S)_PROXY / NO_PROXY from the environment (default true). */
  proxyFromEnv?: boolean;
  maxResponseBytes?: number;
  /** The roots TLS trusts; default: Node's and the system's where Node can read them (trusted-roots.ts). */
  trustedRoots?: string[] | null;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** A keep-alive undici transport with timeouts and a cap on response size. */
export function createUndiciTransport(options: UndiciTransportOptions = {}): HttpTransport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxResponseBytes ?? 32 * 1024 * 1024;
  const roots = options.trustedRoots === undefined ? trustedRoots() : options.trustedRoots;
  const agentOptions = {
    keepAliveTimeout: 30_000,
    connections: 8,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    ...(roots ? { connect: { ca: roots } } : {}),
  };
  const dispatcher: Dispatcher =
    options.proxyFromEnv === false ? new Agent(agentOptions) : new EnvHttpProxyAgent(agentOptions);
  let closed = false;

  return {
    async send(req) {
      const requestTimeout = req.timeoutMs ?? timeoutMs;
      const signal = req.signal
        ? AbortSignal.any([req.signal, AbortSignal.timeout(requestTimeout)])
        : AbortSignal.timeout(requestTimeout);
      try {
        const res = await request(req.url, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          dispatcher,
          signal,
          // A request's own timeout wins over the agent's (a realtime long poll waits 25 s).
          headersTimeout: requestTimeout,
          bodyTimeout: requestTimeout,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) {
            res.body.destroy();
            throw new ApiError('malformed', `Response larger than ${maxBytes} bytes`, { status: res.statusCode });
          }
          chunks.push(chunk);
        }
        return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
      } catch (error) {
        throw toApiError(error);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await dispatcher.close();
    },
  };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (
    e?.name === 'TimeoutError' ||
    e?.name === 'AbortError' ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new ApiError('timeout', 'The request timed out', { cause: error });
  }
  const code = e?.code ?? e?.cause?.code;
  if ((code && NETWORK_CODES.has(code)) || error instanceof undiciErrors.SocketError) {
    return new ApiError('network', `Network error (${code ?? 'socket'})`, { cause: error });
  }
  return new ApiError('network', e?.message ?? 'Network error', { cause: error });
}
