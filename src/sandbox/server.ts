import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dispatch } from './http/dispatch';
import type { Route } from './http/route';
import { Presenter } from './present';
import { conversationRoutes } from './routes/conversations';
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
  now?: () => number;
}

/** The stable startup description: printed as one JSON line by the CLI. */
export interface SandboxInfo {
  baseUrl: string;
  apps: { id: number; token: string; adminId: number }[];
  limitedTokens: { appId: number; token: string; scopes: string[] }[];
}

export interface RunningSandbox {
  info: SandboxInfo;
  store: SandboxStore;
  simulator: VisitorSimulator;
  close(): Promise<void>;
}

export const ROUTES: Route[] = [...conversationRoutes];

/** Starts the local Web API on 127.0.0.1 with a fresh demo workspace. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? Date.now;
  const store = new SandboxStore(now);
  const seed = options.seed ?? 1;
  const apps: SeededApp[] = seedDemo(store, { seed, conversationsPerApp: options.conversationsPerApp ?? 100, nowSeconds: now() / 1000 });
  const present = new Presenter(store);
  const server: Server = createServer((req, res) => void dispatch(req, res, ROUTES, store, present));
  server.keepAliveTimeout = 30_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const simulator = new VisitorSimulator(store, { intervalMs: options.simulatorIntervalMs || 4000, seed });
  if (options.simulatorIntervalMs !== false && options.simulatorIntervalMs !== 0) simulator.start();

  return {
    info: {
      baseUrl: `http://${host}:${port}`,
      apps: apps.map(({ id, token, adminId }) => ({ id, token, adminId })),
      limitedTokens: apps.flatMap((a) => a.limitedTokens.map((t) => ({ appId: a.id, token: t.token, scopes: t.scopes }))),
    },
    store,
    simulator,
    close: async () => {
      simulator.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
