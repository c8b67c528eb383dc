import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/main/core/api/client';
import { ApiError } from '../../src/main/core/api/errors';
import { checkConnection } from '../../src/main/core/accounts/connection-check';
import { networkProblemOf } from '../../src/main/core/network/network-problem';
import { FeedError } from '../../src/main/core/updates/feed';
import {
  createNetTransport,
  networkStateOf,
  type NetRequest,
  type NetTransportOptions,
} from '../../src/main/electron/net-transport';
import { ElectronUpdater, type AutoUpdater } from '../../src/main/electron/updater';
import type { RunningSandbox } from '../../src/sandbox/server';
import { app, net, netFaults, resetElectronDouble, session } from '../support/electron-double';
import { until } from '../support/until';
import { ProxySignIn } from '../../src/main/core/network/proxy-sign-in';
import { askForProxySignIn, proxyLoginAnswer } from '../../src/main/electron/proxy-login';
import { desktopHandlers, NODE_NETWORK } from '../../src/main/core/desktop/desktop-handlers';
import type { ProxyCredentials, ProxyPrompt } from '../../src/shared/updates';
import { sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
const cleanups: (() => Promise<void> | void)[] = [];
beforeEach(async () => {
  resetElectronDouble();
  sbx = await sandbox();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await sbx.close();
});

const apiThrough = (transport: ReturnType<typeof createNetTransport>) => {
  const app = sbx.info.apps[0]!;
  return new ApiClient({ baseUrl: sbx.info.baseUrl, token: app.token, appId: app.id, transport });
};

/** Electron's `net.request` on the default session, as desktop.ts passes it. */
const netRequest = net.request as unknown as NetRequest;

/** A local HTTP server answering every request with `answer` (or never, when it is null). */
async function localServer(answer: ((res: ServerResponse) => void) | null) {
  const server = createServer((_req, res) => answer?.(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** A forwarding HTTP proxy on 127.0.0.1 that wants Basic `agent:pa55`, recording what it was given. */
async function passwordProxy() {
  const given: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    given.push(req.headers['proxy-authorization']);
    if (req.headers['proxy-authorization'] !== `Basic ${Buffer.from('agent:pa55').toString('base64')}`) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="Corp"' }).end('sign in first');
      return;
    }
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, given };
}

describe("the network through Chromium's URL loader (net.request)", () => {
  it('reads the API with no cookie, no cache and no redirect followed, its 64-bit IDs intact', async () => {
    const api = apiThrough(createNetTransport(netRequest));
    const page = await api.listConversations();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items[0]!.id).toMatch(/^\d+$/);
    expect(netFaults.requests[0]).toMatchObject({ useSessionCookies: false, cache: 'no-store', redirect: 'manual' });
  });

  it("never sends the session's cookies", async () => {
    session.defaultSession.cookie = 'sid=from-a-page';
    const cookies: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      cookies.push(req.headers.cookie);
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await createNetTransport(netRequest).send({ method: 'GET', url, headers: {} });
    expect(cookies).toEqual([undefined]);
  });

  it('sends a reply as a form and a file as multipart', async () => {
    const api = apiThrough(createNetTransport(netRequest));
    const conversation = (await api.listConversations()).items.find((c) => !c.closed)!;
    const bytes = new TextEncoder().encode('%PDF-1.4 invoice');
    const sent = await api.reply(
      conversation.id,
      { body: 'The invoice', type: 'reply_admin', fromAdmin: 'default_admin', randomId: 7 },
      { name: 'invoice.pdf', type: 'application/pdf', bytes },
    );
    expect(sent.body).toBe('The invoice');
    const parts = await api.listParts(conversation.id);
    expect(parts.items.find((p) => p.body === 'The invoice')?.attachments?.[0]).toMatchObject({
      filename: 'invoice.pdf',
      size: 16,
    });
  });

  it('hands a redirect to the core as the answer, without following it', async () => {
    const address = await localServer((res) => res.writeHead(302, { location: 'https://elsewhere.example/' }).end());
    const answer = await createNetTransport(netRequest).send({ method: 'GET', url: address, headers: {} });
    expect(answer).toMatchObject({ status: 302, headers: { location: 'https://elsewhere.example/' } });
  });

  it("maps Chromium's certificate errors to the sentence IT can act on", async () => {
    const transport = createNetTransport(netRequest);
    netFaults.next = 'net::ERR_CERT_AUTHORITY_INVALID';
    const form = { baseUrl: 'https://api.example.com', appId: '101', adminId: '1', token: 'secret-token' };
    expect(await checkConnection(form, transport)).toMatchObject({ ok: false, failure: 'tls-untrusted' });

    netFaults.next = 'net::ERR_CERT_DATE_INVALID';
    const error = await transport.send({ method: 'GET', url: 'https://api.example.com/', headers: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(networkProblemOf(error)).toBe('tls-expired');
  });

  it('caps what it reads and times out like the undici transport', async () => {
    const big = await localServer((res) => res.end('x'.repeat(2000)));
    const small = createNetTransport(netRequest, { maxResponseBytes: 1000 });
    await expect(small.send({ method: 'GET', url: big, headers: {} })).rejects.toMatchObject({ kind: 'malformed' });
    const silent = await localServer(null);
    const slow = createNetTransport(netRequest, { timeoutMs: 50 });
    await expect(slow.send({ method: 'GET', url: silent, headers: {} })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it("says which proxy the system's settings name for the account's address", async () => {
    session.defaultSession.proxyAnswer = 'PROXY proxy.corp.example:8080; DIRECT';
    expect(await networkStateOf(session.defaultSession, 'https://api.carrotquest.io/')).toEqual({
      proxySource: 'system',
      proxy: 'PROXY proxy.corp.example:8080; DIRECT',
      certificates: 'system',
    });
    expect(session.defaultSession.resolvedProxies).toEqual(['https://api.carrotquest.io/']);
  });
});

const AGENT_BASIC = `Basic ${Buffer.from('agent:pa55').toString('base64')}`;

/** The system names a proxy that wants `agent:pa55`; the agent answers each prompt with `answer`, `afterMs` later. */
async function behindPasswordProxy(answer: ProxyCredentials | null, afterMs = 0) {
  const proxy = await passwordProxy();
  session.defaultSession.proxyAnswer = `PROXY 127.0.0.1:${proxy.port}`;
  const signIn = new ProxySignIn();
  const prompts: ProxyPrompt[] = [];
  signIn.events.on('ask', (prompt) => {
    prompts.push(prompt);
    setTimeout(() => signIn.answer(prompt.id, answer), afterMs);
  });
  const transportWith = (options: NetTransportOptions = {}) =>
    createNetTransport(netRequest, { login: proxyLoginAnswer(signIn), ...options });
  return { proxy, prompts, transportWith };
}

describe('a proxy that wants a password, on the way to the API', () => {
  it('asks the agent in the window, and the API answers through the proxy once signed in', async () => {
    const { proxy, transportWith } = await behindPasswordProxy({ username: 'agent', password: 'pa55' });
    const page = await apiThrough(transportWith()).listConversations();
    expect(page.items.length).toBeGreaterThan(0);
    expect(proxy.given).toEqual([undefined, AGENT_BASIC]);
  });

  it('waits for the agent however long the prompt is open: the request clock stops meanwhile', async () => {
    const { proxy, transportWith } = await behindPasswordProxy({ username: 'agent', password: 'pa55' }, 300);
    const transport = transportWith({ timeoutMs: 100 });
    const answer = await transport.send({ method: 'GET', url: `${sbx.info.baseUrl}/api/apps`, headers: {} });
    expect(answer.status).not.toBe(407);
    expect(proxy.given.at(-1)).toBe(AGENT_BASIC);
  });

  it('once the agent cancels, the next requests fail at once without asking again', async () => {
    const { prompts, transportWith } = await behindPasswordProxy(null);
    const transport = transportWith();
    for (let i = 0; i < 3; i++) {
      const error = await transport.send({ method: 'GET', url: `${sbx.info.baseUrl}/`, headers: {} }).catch((e) => e);
      expect(networkProblemOf(error)).toBe('proxy');
    }
    expect(prompts).toHaveLength(1);
  });

  it('a cancelled sign-in is a proxy problem in a sentence, not a server error', async () => {
    const { proxy, prompts, transportWith } = await behindPasswordProxy(null);
    const transport = transportWith();
    const error = await apiThrough(transport)
      .listConversations()
      .catch((e) => e);
    expect(prompts).toEqual([{ id: 1, host: '127.0.0.1', port: proxy.port, realm: 'Corp' }]);
    expect(error).toBeInstanceOf(ApiError);
    expect(networkProblemOf(error)).toBe('proxy');
    const form = { baseUrl: sbx.info.baseUrl, appId: '101', adminId: '1', token: 'secret-token' };
    expect(await checkConnection(form, transport)).toMatchObject({ ok: false, failure: 'proxy' });
  });
});

/** electron-updater's autoUpdater as far as Perch drives it, recording what it was told. */
function fakeAutoUpdater(result: Awaited<ReturnType<AutoUpdater['checkForUpdates']>>) {
  const told: unknown[] = [];
  const updater = {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    allowPrerelease: false,
    allowDowngrade: true,
    setFeedURL: (options: unknown) => void told.push(['feed', options]),
    checkForUpdates: async () => result,
    downloadUpdate: async () => {
      told.push(['download']);
      return [];
    },
    quitAndInstall: (...args: unknown[]) => void told.push(['install', ...args]),
  };
  return { updater: updater as unknown as AutoUpdater, told };
}

describe('electron-updater behind the core’s port', () => {
  it('points it at the generic feed and channel, never downloads or installs by itself, and reads the release', async () => {
    const { updater, told } = fakeAutoUpdater({
      isUpdateAvailable: true,
      updateInfo: {
        version: '1.5.0-beta.1',
        files: [{ url: 'Perch-Setup-1.5.0-beta.1.exe', sha512: 'abc', size: 3 }],
        path: 'Perch-Setup-1.5.0-beta.1.exe',
        sha512: 'abc',
        releaseDate: '2026-11-20T10:15:00.000Z',
        releaseNotes: [{ version: '1.5.0-beta.1', note: 'Spelling suggestions.' }],
      },
      versionInfo: { version: '1.5.0-beta.1', files: [], path: '', sha512: '', releaseDate: '' },
    } as never);
    const electronUpdater = new ElectronUpdater(updater);
    expect(updater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false });
    const release = await electronUpdater.check({ feedUrl: 'https://updates.example.com/perch/', channel: 'beta' });
    expect(told).toEqual([
      ['feed', { provider: 'generic', url: 'https://updates.example.com/perch/', channel: 'beta' }],
    ]);
    expect(updater).toMatchObject({ allowPrerelease: true, allowDowngrade: false });
    expect(release).toMatchObject({ version: '1.5.0-beta.1', releaseNotes: 'Spelling suggestions.' });
    await electronUpdater.download();
    electronUpdater.install();
    expect(told.slice(1)).toEqual([['download'], ['install', true, true]]);
  });

  it('an updater that is not active answers as a feed problem', async () => {
    const { updater } = fakeAutoUpdater(null);
    await expect(
      new ElectronUpdater(updater).check({ feedUrl: 'https://u.example/', channel: 'stable' }),
    ).rejects.toBeInstanceOf(FeedError);
  });
});

describe('a proxy that asks for a password', () => {
  it('is asked of the agent once per proxy, and the answer goes back to every waiting request', async () => {
    const signIn = new ProxySignIn();
    askForProxySignIn(proxyLoginAnswer(signIn));
    const prompts: ProxyPrompt[] = [];
    signIn.events.on('ask', (p) => prompts.push(p));
    const answers: unknown[][] = [];
    const login = (isProxy: boolean) => {
      let prevented = false;
      app.emit(
        'login',
        { preventDefault: () => (prevented = true) },
        null,
        { url: 'https://api.example.com/' },
        { isProxy, scheme: 'basic', host: 'proxy.corp.example', port: 3128, realm: 'Corp' },
        (...args: unknown[]) => answers.push(args),
      );
      return prevented;
    };
    expect(login(true)).toBe(true);
    expect(login(true)).toBe(true);
    expect(prompts).toEqual([{ id: 1, host: 'proxy.corp.example', port: 3128, realm: 'Corp' }]);
    expect(signIn.pending()).toHaveLength(1);

    const handlers = desktopHandlers(null, {
      currentVersion: '1.0.0',
      network: async () => NODE_NETWORK,
      proxySignIn: signIn,
    });
    expect(await handlers['network:proxy-answer'](1, { username: 'agent', password: 'pa55' })).toBe(true);
    await until(() => answers.length === 2, { what: 'both requests answered' });
    expect(answers).toEqual([
      ['agent', 'pa55'],
      ['agent', 'pa55'],
    ]);
    expect(await handlers['network:proxy-answer'](1, null)).toBe(false);

    // A server's own sign-in is not the agent's proxy: refused at once, nothing asked.
    login(false);
    expect(answers.at(-1)).toEqual([]);
    expect(prompts).toHaveLength(1);
  });
});
