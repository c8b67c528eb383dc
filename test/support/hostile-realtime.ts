import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RunningSandbox } from '../../src/sandbox/server';

/** What a broken or hostile Realtime Services server does, in front of a sandbox that still answers the Web API. */
export interface HostilePlay {
  /** `refuse`: every upgrade answered with HTTP 500; else the accepted socket is handed over. */
  websocket?: 'refuse' | ((socket: WebSocket, req: IncomingMessage) => void);
  /** Answers `GET /longpoll/…` (default: forwarded to the sandbox). */
  longPoll?: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface HostileRealtime {
  /** The address to give Perch as its API: the Web API is the sandbox's, the Realtime Services are played here. */
  baseUrl: string;
  /** The WebSocket base of the same server, for a RealtimeClient on its own. */
  wsUrl: string;
  counts: { upgrades: number; longPolls: number; conversationReads: number; inboxReads: number; apiRequests: number };
  /** The sockets accepted so far and still open. */
  readonly sockets: Set<WebSocket>;
  close(): Promise<void>;
}

/**
 * A server on 127.0.0.1 that forwards every Web API request to the sandbox and plays the
 * Realtime Services as `play` says, counting what Perch asks of it.
 */
export async function hostileRealtime(sbx: RunningSandbox, play: HostilePlay): Promise<HostileRealtime> {
  const target = new URL(sbx.info.baseUrl);
  const counts = { upgrades: 0, longPolls: 0, conversationReads: 0, inboxReads: 0, apiRequests: 0 };
  const sockets = new Set<WebSocket>();
  const server = createServer((req, res) => {
    if (/^\/longpoll\//.test(req.url ?? '')) {
      counts.longPolls += 1;
      if (play.longPoll) return play.longPoll(req, res);
    } else {
      counts.apiRequests += 1;
      if (/^\/v2\/conversations\/\d+(\?|$)/.test(req.url ?? '')) counts.conversationReads += 1;
      if (/^\/v2\/apps\/[^/]+\/conversations(\?|$)/.test(req.url ?? '')) counts.inboxReads += 1;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    counts.upgrades += 1;
    socket.on('error', () => {});
    const accept = play.websocket;
    if (accept === undefined || accept === 'refuse') {
      socket.end('HTTP/1.1 500 Internal Server Error\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => {});
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      accept(ws, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    counts,
    sockets,
    close: async () => {
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The Realtime Services' envelope for one message, as the platform sends it (docs/realtime.md). */
export function envelope(id: number, channel: string, message: unknown): Record<string, unknown> {
  return { id, channel, message, tag: String(id), time: new Date(1_800_000_000_000).toUTCString() };
}
