import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/main/core/runtime/clock';
import { firstHttpProxy } from '../../../src/main/core/network/tunnel-agent';
import { RealtimeClient } from '../../../src/main/core/sync/realtime-client';
import { openWsSocketThrough } from '../../../src/main/core/sync/realtime-socket';
import type { RealtimeEvent } from '../../../src/shared/realtime';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { raw, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { ProxySignIn } from '../../../src/main/core/network/proxy-sign-in';
import type { ProxyPrompt } from '../../../src/shared/updates';

/**
 * An HTTP proxy on 127.0.0.1 that only tunnels (CONNECT), recording where to and with which
 * sign-in; `refuse` answers 407 always, `password` unless Basic credentials carry it.
 */
async function connectProxy(options: { refuse?: boolean; password?: string } = {}) {
  const tunnels: string[] = [];
  const signIns: (string | undefined)[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    sockets.add(client);
    const given = req.headers['proxy-authorization'];
    signIns.push(given && Buffer.from(given.replace(/^Basic /, ''), 'base64').toString('utf8'));
    const signedIn = options.password !== undefined && given === basicOf(`agent:${options.password}`);
    if (options.refuse || (options.password !== undefined && !signedIn)) {
      // As company proxies answer: several schemes, each in a header of its own, Basic last.
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Negotiate\r\n' +
          'Proxy-Authenticate: NTLM\r\nProxy-Authenticate: Basic realm="corp"\r\n\r\n',
      );
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
    port: (server.address() as AddressInfo).port,
    tunnels,
    signIns,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const basicOf = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

let sbx: RunningSandbox;
const cleanups: (() => Promise<void> | void)[] = [];
beforeEach(async () => {
  sbx = await sandbox({ realtime: true });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await sbx.close();
});

function clientThrough(pacAnswer: string, credentials?: ProxySignIn) {
  const client = new RealtimeClient({
    url: sbx.info.baseUrl.replace(/^http/, 'ws'),
    appId: sbx.info.apps[0]!.id,
    token: sbx.info.apps[0]!.token,
    clock: systemClock,
    openSocket: openWsSocketThrough({ resolve: async () => pacAnswer, credentials }),
  });
  const events: RealtimeEvent[] = [];
  client.events.on('event', (e) => events.push(e));
  cleanups.push(() => client.stop());
  client.start();
  return { client, events };
}

/** A realtime client behind a proxy that wants `agent:pa55`, the prompts it raises recorded. */
async function throughPasswordProxy() {
  const proxy = await connectProxy({ password: 'pa55' });
  cleanups.push(proxy.close);
  const signIn = new ProxySignIn();
  const prompts: ProxyPrompt[] = [];
  signIn.events.on('ask', (prompt) => prompts.push(prompt));
  const { client } = clientThrough(`PROXY ${proxy.address}`, signIn);
  return { proxy, signIn, prompts, client };
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

  it('a proxy that wants a password: the agent is asked once, and the tunnel signs in with the answer again after a drop', async () => {
    const { proxy, signIn, prompts, client } = await throughPasswordProxy();
    await until(() => prompts.length === 1, { what: 'the agent asked for the proxy password' });
    expect(prompts[0]).toMatchObject({ host: '127.0.0.1', port: proxy.port, realm: 'corp' });
    expect(client.status).not.toBe('connected');
    signIn.answer(prompts[0]!.id, { username: 'agent', password: 'pa55' });
    await until(() => client.status === 'connected', { what: 'the connection once signed in' });
    expect(proxy.signIns).toEqual([undefined, 'agent:pa55']);

    // The platform drops the socket: the reconnection signs in at once, nobody is asked again.
    sbx.realtime!.disconnectAll();
    await until(() => proxy.tunnels.length === 3 && client.status === 'connected', { what: 'the reconnection' });
    expect(proxy.signIns.at(-1)).toBe('agent:pa55');
    expect(prompts).toHaveLength(1);
  });

  it('a proxy prompt the agent cancels is not asked again by the tunnel', async () => {
    const { proxy, signIn, prompts, client } = await throughPasswordProxy();
    await until(() => prompts.length === 1, { what: 'the agent asked' });
    signIn.answer(prompts[0]!.id, null);
    await until(() => proxy.tunnels.length >= 2, { what: 'a second attempt' });
    expect(client.status).not.toBe('connected');
    expect(prompts).toHaveLength(1);
    expect(signIn.pending()).toEqual([]);
  });

  it('reads PAC answers: the first HTTP proxy, none when DIRECT comes first', () => {
    expect(firstHttpProxy('PROXY proxy.corp:3128; DIRECT')).toEqual({ host: 'proxy.corp', port: 3128 });
    expect(firstHttpProxy('SOCKS5 s.corp:1080; PROXY [::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(firstHttpProxy('DIRECT; PROXY proxy.corp:3128')).toBeNull();
    expect(firstHttpProxy('PROXY nonsense')).toBeNull();
  });
});
