import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { handleControl } from './control';
import { SandboxFiles } from './files';
import { Faults, type FaultSettings } from './faults';
import { dispatch, sendFailure } from './http/dispatch';
import {
  closeSilentConnections,
  foreignRequest,
  fromPerch,
  LOCKED_MAX_CONNECTIONS,
  useInstallTokens,
} from './http/lockdown';
import type { Route } from './http/route';
import { loadSnapshot, Persister, type DamagedSnapshot, type SnapshotLoad } from './persistence';
import { Presenter } from './present';
import type { Id } from '../shared/api/types';
import { parseRealtimeFaults, RealtimeServices } from './realtime';
import { appRoutes } from './routes/apps';
import { conversationActionRoutes } from './routes/conversation-actions';
import { conversationRoutes } from './routes/conversations';
import { userPropsRoutes } from './routes/user-props';
import { userReadRoutes } from './routes/users-read';
import { userWriteRoutes } from './routes/users-write';
import { ALL_SCOPES } from './model';
import { seedDemo, type SeededApp } from './seed';
import { VisitorSimulator } from './simulator';
import { SandboxStore } from './store';

export interface SandboxOptions {
  port?: number;
  host?: string;
  seed?: number;
  conversationsPerApp?: number;
  /** Visitor simulator period; 0 or false turns it off. */
  simulatorIntervalMs?: number | false;
  /** Keep the state in this file across restarts. */
  dataFile?: string;
  faults?: Partial<FaultSettings>;
  now?: () => number;
  /**
   * Answer only Perch (the embedded demo): random tokens of this install, its own Host, no
   * Origin, the token in the header checked before the body, a capped number of connections.
   * See http/lockdown.ts. Off by default: the standalone sandbox follows the whole specification.
   */
  lockedDown?: boolean;
  /**
   * Serve the Realtime Services (/websocket/…, /longpoll/…) beside the API (default true);
   * with false they are unknown endpoints, as for a server without them.
   */
  realtime?: boolean;
  /** How often the realtime `ping` channel speaks (10 s, as the platform's). */
  realtimePingMs?: number;
  /** Faults of the Realtime Services from the start (RealtimeFaults). */
  realtimeFaults?: unknown;
}

/** The stable startup description: printed as one JSON line by the CLI. */
export interface SandboxInfo {
  baseUrl: string;
  apps: { id: Id; token: string; adminId: Id }[];
  limitedTokens: { appId: Id; token: string; scopes: string[] }[];
  /** Key for the /_sandbox control endpoints (faults, scripted visitors). */
  controlKey: string;
}

export interface RunningSandbox {
  info: SandboxInfo;
  store: SandboxStore;
  simulator: VisitorSimulator;
  faults: Faults;
  realtime: RealtimeServices;
  /** The saved state was damaged: moved aside, and this sandbox started from fresh demo data. */
  damaged: DamagedSnapshot | null;
  close(): Promise<void>;
}

// users/import comes before users/{id}/… so the literal path wins.
export const ROUTES: Route[] = [
  ...conversationRoutes,
  ...conversationActionRoutes,
  ...appRoutes,
  ...userWriteRoutes,
  ...userReadRoutes,
  ...userPropsRoutes,
];

/** Starts the local Web API on 127.0.0.1 with a fresh demo workspace. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? Date.now;
  let store = new SandboxStore(now);
  const seed = options.seed ?? 1;
  const loaded: SnapshotLoad = options.dataFile
    ? await loadSnapshot(store, options.dataFile)
    : { restored: false, damaged: null };
  const restored = loaded.restored;
  // A damaged file may have filled part of the store before the damage showed: start clean.
  if (loaded.damaged) store = new SandboxStore(now);
  const lockedDown = options.lockedDown === true;
  let apps: SeededApp[] = restored
    ? appsOf(store)
    : seedDemo(store, { seed, conversationsPerApp: options.conversationsPerApp ?? 100, nowSeconds: now() / 1000 });
  const newTokens = lockedDown && useInstallTokens(store);
  if (newTokens) apps = appsOf(store);
  const persister = options.dataFile ? new Persister(store, options.dataFile) : null;
  if (persister && (!restored || newTokens)) await persister.save();
  const present = new Presenter(store);
  const faults = new Faults(seed, options.faults);
  const simulator = new VisitorSimulator(store, { intervalMs: options.simulatorIntervalMs || 4000, seed });
  const controlKey = randomBytes(12).toString('hex');
  const api = { routes: ROUTES, store, present, faults, lockedDown, afterWrite: async () => persister?.save() };
  const realtime = new RealtimeServices(store, present, { lockedDown, pingMs: options.realtimePingMs, now, seed });
  if (options.realtimeFaults !== undefined) realtime.setFaults(parseRealtimeFaults(options.realtimeFaults));
  const streaming = options.realtime !== false;
  let ownHost = '';
  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const foreign = lockedDown ? foreignRequest(req, ownHost) : null;
    // Locked down, a connection without this install's token is not kept alive for another request.
    if (lockedDown && !fromPerch(req, store)) res.setHeader('connection', 'close');
    if (foreign) sendFailure(res, foreign);
    else if (req.url?.startsWith('/_sandbox/'))
      await handleControl(req, res, { key: controlKey, faults, simulator, store });
    else if (streaming && RealtimeServices.owns(req.url)) realtime.longPoll(req, res);
    else if (SandboxFiles.owns(req.url)) store.files.serve(req, res);
    else await dispatch(req, res, api);
  };
  // No request, however broken, may end the process: whatever escapes a handler is logged and answered.
  const server: Server = createServer((req, res) => {
    req.on('error', () => {});
    firstRequestArrived(req.socket);
    route(req, res).catch((error: unknown) => lastResort(res, error));
  });
  const firstRequestArrived = lockedDown ? closeSilentConnections(server) : () => {};
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: string) =>
      void socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    socket.on('error', () => {});
    // A handshake is a whole request: the demo's cut of silent connections must spare it.
    firstRequestArrived(req.socket);
    if (lockedDown && foreignRequest(req, ownHost)) return refuse('403 Forbidden');
    if (!streaming || !req.url?.startsWith('/websocket')) return refuse('404 Not Found');
    realtime.upgrade(req, socket, head);
  });
  // Simulated visitors write outside any request: save their changes too.
  const unsubscribe = persister
    ? store.subscribe({
        part: () => void persister.save(),
        conversation: () => void persister.save(),
        typing: () => {},
      })
    : () => {};
  server.keepAliveTimeout = 30_000;
  if (lockedDown) server.maxConnections = LOCKED_MAX_CONNECTIONS;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  ownHost = `${host}:${port}`;
  store.files.origin = `http://${ownHost}`;
  if (options.simulatorIntervalMs !== false && options.simulatorIntervalMs !== 0) simulator.start();

  return {
    info: {
      baseUrl: `http://${host}:${port}`,
      apps: apps.map(({ id, token, adminId }) => ({ id, token, adminId })),
      limitedTokens: apps.flatMap((a) =>
        a.limitedTokens.map((t) => ({ appId: a.id, token: t.token, scopes: t.scopes })),
      ),
      controlKey,
    },
    store,
    simulator,
    faults,
    realtime,
    damaged: loaded.damaged,
    close: async () => {
      simulator.stop();
      realtime.close();
      unsubscribe();
      // The port is given back first: a save that fails (a full disk) must not keep it open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await persister?.save();
    },
  };
}

function lastResort(res: ServerResponse, error: unknown): void {
  if ((error as NodeJS.ErrnoException)?.code !== 'ECONNRESET')
    console.error('sandbox: a request failed outside its handler', error);
  if (res.headersSent || res.destroyed) return void res.destroy();
  res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  res.end(
    JSON.stringify({
      data: {},
      meta: { status: 500, error: 'Error500', error_message: 'The sandbox failed to handle this request' },
    }),
  );
}

/** The startup description of a restored state: each application's tokens and an admin. */
function appsOf(store: SandboxStore): SeededApp[] {
  return [...store.apps.values()].map((app) => {
    const tokens = [...store.tokens.values()].filter((t) => t.appId === app.id);
    const full = tokens.find((t) => t.scopes.size === ALL_SCOPES.length) ?? tokens[0]!;
    const admins = [...store.admins.values()].filter((a) => a.appId === app.id);
    return {
      id: app.id,
      token: full.token,
      adminId: admins[1]?.id ?? app.defaultAdminId,
      limitedTokens: tokens.filter((t) => t !== full).map((t) => ({ token: t.token, scopes: [...t.scopes] })),
    };
  });
}
