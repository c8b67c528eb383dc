import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Emitter } from '../../shared/emitter';
import { EVENT_CHANNELS, type EventMap } from '../../shared/ipc/contract';
import { HeldEvents, isDroppable } from '../core/contract/held-events';
import { dispatchInvoke, type ContractHandlers } from '../core/contract/contract-dispatch';
import { errorFields, silentLogger } from '../core/log/logger';
import type { AccountNotification, Notifier, ScopedLog } from '../core/ports';
import type { PageAttention } from '../core/attention/page-attention';
import { serveStatic } from './static';
import { FirstScreenStore } from '../core/first-screen/first-screen-store';

/** Notifications of the browser host: kept in a list a test (or the console) can read and click. */
export class RecordingNotifier implements Notifier {
  readonly shown: AccountNotification[] = [];
  show(notification: AccountNotification): void {
    const i = this.shown.findIndex(
      (n) => n.accountId === notification.accountId && n.conversationId === notification.conversationId,
    );
    if (i >= 0) this.shown.splice(i, 1);
    this.shown.push(notification);
  }
}

export interface BrowserHost {
  /** The page to open, with the session secret that admits its WebSocket. */
  url: string;
  close(): Promise<void>;
}

/** Whatever answers the contract: the session manager, or a single workspace in tests. */
export interface ContractHost {
  handlers: Partial<ContractHandlers>;
  events: Emitter<EventMap>;
  /** Where each page's visibility, focus and open conversation go (the accounts have one). */
  pages?: PageAttention;
}

/** The path of a request target, or null when it is not a URL at all (`//`, `/a b`). */
function pathOf(target: string | undefined): string | null {
  return URL.parse(target ?? '/', 'http://host.invalid')?.pathname ?? null;
}

/** The last resort of a request: logged, answered with 500 if nothing was sent yet. */
function failed(res: ServerResponse, error: unknown, log: ScopedLog): void {
  log.error('request failed', errorFields(error));
  if (!res.headersSent) res.writeHead(500).end();
  else res.destroy();
}

/** Bytes waiting to reach a page past which events that are for now only (typing) are dropped. */
export const BACKPRESSURE_BYTES = 1024 * 1024;

/** Room for one 10 MB attachment in base64 with its envelope. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * Serves the built renderer over HTTP on 127.0.0.1 and carries the IPC contract over a
 * WebSocket, so the real renderer runs against the real core in any browser.
 */
export async function startBrowserHost(options: {
  contract: ContractHost;
  rendererDir: string;
  port?: number;
  /** Where failed requests and frames are logged (default: nowhere). */
  log?: ScopedLog;
  /** The data folder: the inbox's first screen kept there is drawn into the page it serves. */
  dataDir?: string;
}): Promise<BrowserHost> {
  const log = options.log ?? silentLogger.scope('browser-host');
  const session = randomBytes(18).toString('base64url');
  // Each page, with its events held until it has said `app:ready`, as Electron's window (core/contract/held-events.ts).
  const clients = new Map<WebSocket, HeldEvents>();
  const firstScreen = options.dataDir ? new FirstScreenStore(options.dataDir) : null;
  const page = firstScreen ? (html: string) => firstScreen.page(html) : undefined;
  const server = createServer((req, res) => {
    if (req.method !== 'GET') return void res.writeHead(405).end();
    const pathname = pathOf(req.url);
    if (pathname === null) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
    serveStatic(options.rendererDir, pathname, res, page).catch((error: unknown) => failed(res, error, log));
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Only our own page may connect: same origin and the session secret from its URL.
  const admitted = (req: IncomingMessage) => {
    const url = URL.parse(req.url ?? '/', origin);
    return url?.pathname === '/ipc' && url.searchParams.get('session') === session && req.headers.origin === origin;
  };
  server.on('upgrade', (req, socket, head) => {
    // A client that resets mid-handshake must not become an unhandled 'error' event.
    socket.on('error', () => socket.destroy());
    if (!admitted(req)) {
      socket.write('HTTP/1.1 403 Forbidden\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  // Each page calls the contract as itself: what it opens is that page's, seen only while it says it is.
  const pages = options.contract.pages;
  const contracts = new Map<WebSocket, Partial<ContractHandlers>>();
  wss.on('connection', (ws: WebSocket) => {
    const send = (frame: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    clients.set(
      ws,
      new HeldEvents({
        deliver: (event, payload) => {
          // A page that does not read as fast as events come (hung, throttled) goes without typing, not without memory.
          if (isDroppable(event) && ws.bufferedAmount > BACKPRESSURE_BYTES) return;
          send({ type: 'event', event, payload });
        },
        // The page loads itself anew (websocket-bridge.ts) and opens a new socket with nothing held.
        reload: () => send({ type: 'reload' }),
      }),
    );
    contracts.set(ws, pages ? pages.contractFor(ws, options.contract.handlers) : options.contract.handlers);
    ws.on('close', () => {
      clients.delete(ws);
      contracts.delete(ws);
      // A closed tab's conversation is no longer followed (its quick polls stop), unless another tab shows it.
      const orphaned = pages?.left(ws) ?? null;
      if (orphaned) void options.contract.handlers['conversation:leave']?.(orphaned).catch(() => {});
    });
    ws.on('error', (error) => log.warn('WebSocket failed', errorFields(error)));
    ws.on('message', (data) => {
      answer(ws, data).catch((error: unknown) => log.error('could not answer a frame', errorFields(error)));
    });
  });

  const answer = async (ws: WebSocket, data: WebSocket.RawData) => {
    let message: {
      type?: unknown;
      id?: unknown;
      channel?: unknown;
      args?: unknown;
      visible?: unknown;
      focused?: unknown;
    };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    // What the page says of itself (its tab shown, its window focused), as Electron's window events say it there.
    if (message?.type === 'page') {
      if (typeof message.visible === 'boolean' && typeof message.focused === 'boolean' && clients.has(ws))
        pages?.seen(ws, { visible: message.visible, focused: message.focused });
      return;
    }
    if (message?.type !== 'invoke' || typeof message.id !== 'number') return;
    // As in Electron, events wait until the page says it listens; a page that missed some
    // is loaded anew instead, and gets no answer.
    if (message.channel === 'app:ready' && clients.get(ws)?.markReady() === false) return;
    const result = await dispatchInvoke(contracts.get(ws) ?? {}, message.channel, message.args, log);
    if (ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify({ type: 'result', id: message.id, result }));
  };

  const unsubscribe = EVENT_CHANNELS.map((event) =>
    options.contract.events.on(event, (payload) => {
      // A sound plays once, in the newest tab, not once per tab open.
      if (event === 'alerts:sound') return void [...clients.values()].at(-1)?.send(event, payload as never);
      for (const held of clients.values()) held.send(event, payload as never);
    }),
  );

  return {
    url: `${origin}/?session=${session}`,
    close: async () => {
      for (const off of unsubscribe) off();
      for (const ws of clients.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
