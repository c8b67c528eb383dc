import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/main/core/runtime/clock';
import { firstHttpProxy } from '../../src/main/core/network/tunnel-agent';
import { RealtimeClient } from '../../src/main/core/sync/realtime-client';
import { openWsSocketThrough } from '../../src/main/core/sync/realtime-socket';
import type { RealtimeEvent } from '../../src/shared/realtime';
import type { RunningSandbox } from '../../src/sandbox/server';
import { raw, sandbox } from '../support/sandbox';
import { until } from '../support/until';

/** An HTTP proxy on 127.0.0.1 that only tunnels (CONNECT), recording where to; `refuse` answers 407. */
async function connectProxy(options: { refuse?: boolean } = {}) {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    sockets.add(client);
    if (options.refuse) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let sbx: RunningSandbox;
const cleanups: (() => Promise<void> | void)[] = [];
beforeEach(async () => {
  sbx = await sandbox({ realtime: true });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await sbx.close();
});

function clientThrough(pacAnswer: string) {
  const client = new RealtimeClient({
    url: sbx.info.baseUrl.replace(/^http/, 'ws'),
    appId: sbx.info.apps[0]!.id,
    token: sbx.info.apps[0]!.token,
    clock: systemClock,
    openSocket: openWsSocketThrough(async () => pacAnswer),
  });
  const events: RealtimeEvent[] = [];
  client.events.on('event', (e) => events.push(e));
  cleanups.push(() => client.stop());
  client.start();
  return { client, events };
}

describe('the realtime WebSocket behind a proxy the system names', () => {
  it('goes through the proxy’s CONNECT tunnel and receives messages', async () => {
    const proxy = await connectProxy();
    cleanups.push(proxy.close);
    const { client, events } = clientThrough(`PROXY ${proxy.address}; DIRECT`);
    await until(() => client.status === 'connected', { what: 'the connection through the proxy' });
    expect(proxy.tunnels).toEqual([new URL(sbx.info.baseUrl).host]);
    const conversation = [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed)!;
    await raw(sbx, `/conversations/${conversation.id}/reply`, { form: { body: 'through the proxy' } });
    await until(() => events.some((e) => e.type === 'changed' && e.part?.body === 'through the proxy'));
  });

  it('a proxy that wants a password does not connect; DIRECT does without one', async () => {
    const proxy = await connectProxy({ refuse: true });
    cleanups.push(proxy.close);
    const refused = clientThrough(`PROXY ${proxy.address}`);
    await until(() => proxy.tunnels.length > 0, { what: 'the tunnel asked for' });
    expect(refused.client.status).not.toBe('connected');

    const direct = clientThrough('DIRECT');
    await until(() => direct.client.status === 'connected', { what: 'the direct connection' });
  });

  it('reads PAC answers: the first HTTP proxy, none when DIRECT comes first', () => {
    expect(firstHttpProxy('PROXY proxy.corp:3128; DIRECT')).toEqual({ host: 'proxy.corp', port: 3128 });
    expect(firstHttpProxy('SOCKS5 s.corp:1080; PROXY [::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(firstHttpProxy('DIRECT; PROXY proxy.corp:3128')).toBeNull();
    expect(firstHttpProxy('PROXY nonsense')).toBeNull();
  });
});
