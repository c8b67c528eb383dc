import { EventEmitter } from 'node:events';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PassThrough } from 'node:stream';
import { firstHttpProxy } from '../../src/main/core/network/tunnel-agent';

/** The options Electron's `net.request` takes, as far as Perch passes them. */
export interface FakeRequestOptions {
  method?: string;
  url: string;
  session?: NetSession;
  credentials?: string;
  redirect?: string;
  cache?: string;
  useSessionCookies?: boolean;
}

/** What `net.request` reads of a session: its proxy, and a cookie its pages were given. */
interface NetSession {
  proxyAnswer: string;
  cookie: string | null;
}

/** What a test can make the next requests fail with: a Chromium error name, as `net::ERR_…`. */
export const netFaults = { next: null as string | null, requests: [] as FakeRequestOptions[] };

const nodeErrors: Record<string, string> = {
  ECONNREFUSED: 'net::ERR_CONNECTION_REFUSED',
  ECONNRESET: 'net::ERR_CONNECTION_RESET',
  ENOTFOUND: 'net::ERR_NAME_NOT_RESOLVED',
};

/**
 * Chromium's URL loader as `net.request` gives it, played by Node's http with real requests:
 * an http address goes through the session's proxy (a forwarding proxy, as the system names
 * it); the session's cookie goes along only when the options ask for it; a proxy's 407 becomes
 * the `login` event (unless `credentials: 'omit'`), answered with a name and password (sent again
 * with Basic credentials) or with nothing (the 407 is the response); a redirect is announced
 * and, when not followed, ends the request with Chromium's error.
 */
export class FakeClientRequest extends EventEmitter {
  private readonly headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private aborted = false;
  private current: ClientRequest | null = null;

  constructor(
    readonly options: FakeRequestOptions,
    private readonly defaultSession: NetSession,
  ) {
    super();
    netFaults.requests.push(options);
  }

  setHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  write(chunk: Buffer | string) {
    this.chunks.push(Buffer.from(chunk));
  }
  end() {
    const fault = netFaults.next;
    netFaults.next = null;
    if (fault) queueMicrotask(() => this.emit('error', new Error(fault)));
    else this.send(null);
  }
  abort() {
    if (this.aborted) return;
    this.aborted = true;
    this.current?.destroy();
    this.emit('abort');
    this.emit('close');
  }

  private send(proxyAuthorization: string | null) {
    const url = new URL(this.options.url);
    const session = this.options.session ?? this.defaultSession;
    const proxy = firstHttpProxy(session.proxyAnswer);
    const viaProxy = proxy && url.protocol === 'http:' ? proxy : null;
    const headers: Record<string, string> = { ...this.headers, host: url.host };
    if (proxyAuthorization) headers['proxy-authorization'] = proxyAuthorization;
    if (session.cookie && this.sendsCookies()) headers.cookie = session.cookie;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send({
      method: this.options.method ?? 'GET',
      host: viaProxy?.host ?? url.hostname,
      port: viaProxy?.port ?? url.port,
      path: viaProxy ? url.href : url.pathname + url.search,
      headers,
    });
    this.current = request;
    request.on('response', (response) => this.received(response, url, viaProxy));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!this.aborted)
        this.emit('error', new Error(nodeErrors[error.code ?? ''] ?? `net::ERR_FAILED (${error.message})`));
    });
    request.end(Buffer.concat(this.chunks));
  }

  /** Electron's rule: `credentials` decides when given (`include` sends them); else `useSessionCookies` does. */
  private sendsCookies(): boolean {
    const { credentials, useSessionCookies } = this.options;
    return credentials === undefined ? useSessionCookies === true : credentials === 'include';
  }

  private received(response: IncomingMessage, url: URL, proxy: { host: string; port: number } | null) {
    if (this.aborted) return void response.resume();
    // `credentials: 'omit'` sends no credentials and raises no `login`: the 407 is the answer.
    if (response.statusCode === 407 && proxy && this.options.credentials !== 'omit')
      return void this.askForLogin(response, proxy);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      this.emit('redirect', response.statusCode, this.options.method ?? 'GET', new URL(location, url).href, {});
      if (!this.aborted) this.emit('error', new Error('Redirect was cancelled'));
      return;
    }
    this.emit('response', response);
  }

  private askForLogin(response: IncomingMessage, proxy: { host: string; port: number }) {
    const body: Buffer[] = [];
    response.on('data', (chunk: Buffer) => body.push(chunk));
    response.on('end', () => {
      const realm = /realm="([^"]*)"/i.exec(String(response.headers['proxy-authenticate'] ?? ''))?.[1] ?? '';
      const authInfo = { isProxy: true, scheme: 'basic', host: proxy.host, port: proxy.port, realm };
      let answered = false;
      const callback = (username?: string, password?: string) => {
        if (answered || this.aborted) return;
        answered = true;
        if (username === undefined) return void this.emit('response', replayed(response, Buffer.concat(body)));
        this.send(`Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`);
      };
      // Electron's ClientRequest cancels the sign-in when nobody listens.
      if (!this.emit('login', authInfo, callback)) callback();
    });
  }
}

/** A response already read, handed on as a stream with its status and headers. */
function replayed(response: IncomingMessage, body: Buffer) {
  const stream = new PassThrough();
  stream.end(body);
  return Object.assign(stream, {
    statusCode: response.statusCode,
    statusMessage: response.statusMessage,
    headers: response.headers,
  });
}
