import type { Agent } from 'node:http';
import WebSocket from 'ws';
import { firstHttpProxy, tunnelAgent } from '../network/tunnel-agent';
import { trustedRoots } from '../network/trusted-roots';
import type { OpenRealtimeSocket, ProxyRoute, RealtimeSocket, SocketHandlers } from '../ports';

/** A refused handshake, told as the close code the platform would send in the socket (/rts). */
const CODE_OF_STATUS: Record<number, number> = { 401: 3401, 403: 3403, 500: 3500, 502: 3502, 503: 3503 };

/**
 * The `ws` library's WebSocket, with no more than 4 MB a message and 15 s for the handshake,
 * trusting the system's roots as well as Node's (network/trusted-roots.ts).
 */
export const openWsSocket = (
  url: string,
  headers: Record<string, string>,
  on: SocketHandlers,
  agent?: Agent,
  roots: string[] | null = trustedRoots(),
) => {
  let ended = false;
  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    on.closed(code, reason);
  };
  const socket = new WebSocket(url, {
    headers,
    handshakeTimeout: 15_000,
    maxPayload: 4 * 1024 * 1024,
    agent,
    ...(roots ? { ca: roots } : {}),
  });
  socket.on('open', () => on.open());
  socket.on('message', (data, isBinary) => {
    if (!isBinary) on.message(data.toString('utf8'));
  });
  socket.on('unexpected-response', (_req, res) => {
    res.resume();
    end(CODE_OF_STATUS[res.statusCode ?? 0] ?? 1006, `HTTP ${res.statusCode}`);
    socket.terminate();
  });
  socket.on('close', (code, reason) => end(code, reason.toString('utf8')));
  socket.on('error', (error) => end(1006, error.message));
  return {
    close: () => {
      ended = true;
      socket.terminate();
    },
  };
};

/**
 * The WebSocket through the proxy the system names for its address (Electron's
 * session.resolveProxy, PAC included), tunnelled with CONNECT and signed in with what the agent
 * gave that proxy; directly when it names none.
 */
export function openWsSocketThrough(proxy: ProxyRoute): OpenRealtimeSocket {
  return (url, headers, on) => {
    let socket: RealtimeSocket | null = null;
    let closed = false;
    const secure = url.startsWith('wss:');
    void proxy
      .resolve(url.replace(/^ws/, 'http'))
      .then(firstHttpProxy, () => null)
      .then((address) => {
        if (closed) return;
        const agent = address ? tunnelAgent(address, secure, proxy.credentials) : undefined;
        socket = openWsSocket(url, headers, on, agent);
      });
    return {
      close: () => {
        closed = true;
        socket?.close();
      },
    };
  };
}
