import { Agent as HttpAgent, request, type AgentOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import type { ProxyCredentialSource } from '../ports';

export interface ProxyAddress {
  host: string;
  port: number;
}

/**
 * The first proxy of a PAC answer ("PROXY host:port; DIRECT", as Electron's resolveProxy
 * gives it) that Perch can tunnel through: an HTTP proxy. DIRECT first, or only proxies it
 * cannot use (SOCKS, HTTPS), is null: connect directly.
 */
export function firstHttpProxy(answer: string): ProxyAddress | null {
  for (const entry of answer.split(';')) {
    const [kind, address] = entry.trim().split(/\s+/);
    if (!kind || kind.toUpperCase() === 'DIRECT') return null;
    if (kind.toUpperCase() !== 'PROXY' || !address) continue;
    const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(address);
    if (match?.[1] && Number(match[2]) > 0 && Number(match[2]) < 65536)
      return { host: match[1].replace(/^\[|\]$/g, ''), port: Number(match[2]) };
  }
  return null;
}

type Callback = (error: Error | null, socket?: Duplex) => void;
type Credentials = { username: string; password: string };

/** How long a proxy may take to answer CONNECT. */
const CONNECT_TIMEOUT_MS = 15_000;

const basic = (c: Credentials) => `Basic ${Buffer.from(`${c.username}:${c.password}`, 'utf8').toString('base64')}`;

/**
 * Opens an HTTP CONNECT tunnel to host:port through the proxy; TLS on top when `secure`. It
 * signs in with what the agent gave that proxy; a 407 asking for Basic asks the agent once.
 */
function tunnel(
  proxy: ProxyAddress,
  options: ConnectionOptions & { host?: string; port?: number },
  secure: boolean,
  source: ProxyCredentialSource | undefined,
  done: Callback,
) {
  const target = `${options.host}:${options.port}`;
  const refusal = (status: number | undefined) => new Error(`Proxy response (${status}) !== 200 when HTTP Tunneling`);
  const open = (credentials: Credentials | null, asked: boolean) => {
    const headers: Record<string, string> = { host: target };
    if (credentials) headers['proxy-authorization'] = basic(credentials);
    const connectRequest = request({ host: proxy.host, port: proxy.port, method: 'CONNECT', path: target, headers });
    connectRequest.once('connect', (response, socket) => {
      if (response.statusCode === 200)
        return done(
          null,
          secure ? tlsConnect({ ...options, socket, servername: options.servername ?? options.host }) : socket,
        );
      socket.destroy();
      // Node joins several Proxy-Authenticate headers with ", ": Basic may be any of them.
      const basicChallenge = /(?:^|,)\s*basic\b(?:\s+realm="([^"]*)")?/i.exec(
        String(response.headers['proxy-authenticate'] ?? ''),
      );
      if (response.statusCode !== 407 || asked || !source || !basicChallenge) return done(refusal(response.statusCode));
      const realm = basicChallenge[1] ?? '';
      void source
        .credentials({ ...proxy, realm }, true)
        .then((given) => (given ? open(given, true) : done(refusal(response.statusCode))));
    });
    connectRequest.once('error', (error) => done(error));
    // A proxy that takes the connection and never answers CONNECT must not leave realtime connecting for ever.
    connectRequest.setTimeout(CONNECT_TIMEOUT_MS, () => connectRequest.destroy(new Error('The proxy did not answer')));
    connectRequest.end();
  };
  if (!source) return open(null, false);
  void source.credentials({ ...proxy, realm: '' }, false).then((known) => open(known, false));
}

/**
 * An agent whose connections go through an HTTP proxy's CONNECT tunnel, for the realtime
 * WebSocket (`ws` takes an agent). TLS is end to end: the proxy sees only the host and port.
 */
export function tunnelAgent(proxy: ProxyAddress, secure: boolean, credentials?: ProxyCredentialSource): HttpAgent {
  const agentOptions: AgentOptions = { keepAlive: false };
  const base = secure ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  // Node's agents accept a connection handed to a callback, which the tunnel needs: it is made asynchronously.
  (
    base as unknown as { createConnection: (options: ConnectionOptions, callback: Callback) => undefined }
  ).createConnection = (options, callback) => {
    tunnel(proxy, options as ConnectionOptions & { host?: string; port?: number }, secure, credentials, callback);
    return undefined;
  };
  return base;
}
