import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/main/core/runtime/clock';
import { RealtimeClient } from '../../src/main/core/sync/realtime-client';
import { openWsSocketThrough } from '../../src/main/core/sync/realtime-socket';
import { createNetTransport, type NetRequest } from '../../src/main/electron/net-transport';
import type { RealtimeEvent } from '../../src/shared/realtime';
import type { RunningSandbox } from '../../src/sandbox/server';
import { net, netFaults, resetElectronDouble, session } from '../support/electron-double';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

let sbx: RunningSandbox;
const cleanups: (() => Promise<void> | void)[] = [];
beforeEach(async () => {
  resetElectronDouble();
  sbx = await sandbox({ realtime: true });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await sbx.close();
});

/** A company proxy that forwards plain HTTP requests and refuses both CONNECT and WebSocket upgrades. */
async function forwardingOnlyProxy() {
  const forwarded: string[] = [];
  const server = createServer((req, res) => {
    forwarded.push(req.url ?? '');
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (_req, socket) => socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n'));
  server.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return { address: `127.0.0.1:${(server.address() as AddressInfo).port}`, forwarded };
}

describe('realtime behind a proxy that lets only plain requests through', () => {
  it("falls back to long polling through Chromium's network, the proxy the system names included", async () => {
    const proxy = await forwardingOnlyProxy();
    session.defaultSession.proxyAnswer = `PROXY ${proxy.address}`;
    const client = new RealtimeClient({
      url: sbx.info.baseUrl.replace(/^http/, 'ws'),
      appId: sbx.info.apps[0]!.id,
      token: sbx.info.apps[0]!.token,
      clock: systemClock,
      longPollAfterFailures: 1,
      openSocket: openWsSocketThrough({ resolve: async () => session.defaultSession.proxyAnswer }),
      transport: createNetTransport(net.request as unknown as NetRequest),
    });
    const events: RealtimeEvent[] = [];
    client.events.on('event', (e) => events.push(e));
    cleanups.push(() => client.stop());
    client.start();
    await until(() => client.status === 'long-polling' && sbx.realtime!.connections > 0, {
      what: 'a long poll waiting through the proxy',
    });
    const conversation = [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed)!;
    sbx.simulator.writeInto(conversation, 'by long poll, through the proxy');
    await until(() => events.some((e) => e.type === 'changed' && e.part?.body === 'by long poll, through the proxy'), {
      what: 'the message by long poll',
    });
    expect(proxy.forwarded.some((url) => url.includes('/longpoll/'))).toBe(true);
    expect(netFaults.requests.some((r) => r.url.includes('/longpoll/'))).toBe(true);
  });
});
