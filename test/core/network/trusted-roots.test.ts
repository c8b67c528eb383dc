import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { rootCertificates } from 'node:tls';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import { networkProblemOf } from '../../../src/main/core/network/network-problem';
import { trustedRoots } from '../../../src/main/core/network/trusted-roots';
import { openWsSocket } from '../../../src/main/core/sync/realtime-socket';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/tls', name), 'utf8');
/** The root a company's TLS-inspecting gateway signs with, installed by IT in the OS's store. */
const gatewayRoot = fixture('gateway-root.pem');
/** Node's reader as a system with the gateway's root installed would answer it. */
const systemWithGateway = (store: 'default' | 'system') =>
  store === 'default' ? [...rootCertificates] : [gatewayRoot];

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An https server on 127.0.0.1 behind the gateway: its certificate is issued by the gateway's root. */
async function behindGateway(): Promise<{ url: string; sockets: WebSocketServer }> {
  const server = createServer({ key: fixture('server.key'), cert: fixture('gateway-issued.pem') }, (_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"meta":{}}'),
  );
  servers.push(server);
  const sockets = new WebSocketServer({ server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `127.0.0.1:${(server.address() as AddressInfo).port}`, sockets };
}

describe("the system's trusted roots", () => {
  it("are Node's bundled roots and the system's where Node can read them; Node's default otherwise", () => {
    expect(trustedRoots(systemWithGateway)).toEqual([...rootCertificates, gatewayRoot]);
    expect(trustedRoots(undefined)).toBeNull();
    expect(trustedRoots(() => [])).toBeNull();
    expect(
      trustedRoots(() => {
        throw new Error('the keychain is locked');
      }),
    ).toBeNull();
  });

  it("let the API through a gateway whose root is in the system's store, which Node's roots alone refuse", async () => {
    const { url } = await behindGateway();
    const request = { method: 'GET' as const, url: `https://${url}/api/apps`, headers: {} };
    const nodeOnly = createUndiciTransport({ proxyFromEnv: false, trustedRoots: null });
    const withSystem = createUndiciTransport({ proxyFromEnv: false, trustedRoots: trustedRoots(systemWithGateway) });
    try {
      const refused = await nodeOnly.send(request).catch((e) => e);
      expect(networkProblemOf(refused)).toBe('tls-untrusted');
      expect((await withSystem.send(request)).status).toBe(200);
    } finally {
      await nodeOnly.close();
      await withSystem.close();
    }
  });

  it('let the realtime WebSocket through the same gateway', async () => {
    const { url, sockets } = await behindGateway();
    const outcome = (roots: string[] | null) =>
      new Promise<string>((resolve) => {
        const socket = openWsSocket(
          `wss://${url}/websocket/ping`,
          {},
          {
            open: () => {
              resolve('open');
              socket.close();
            },
            message: () => {},
            closed: (_code, reason) => resolve(reason),
          },
          undefined,
          roots,
        );
      });
    expect(await outcome(null)).toMatch(/unable to (get|verify)|self.signed/i);
    expect(sockets.clients.size).toBe(0);
    expect(await outcome(trustedRoots(systemWithGateway))).toBe('open');
  });
});
