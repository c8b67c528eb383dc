import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/main/core/api/client';
import { ApiError } from '../../src/main/core/api/errors';
import { checkConnection } from '../../src/main/core/accounts/connection-check';
import { networkProblemOf } from '../../src/main/core/network/network-problem';
import { FeedError } from '../../src/main/core/updates/feed';
import { createNetTransport, networkStateOf } from '../../src/main/electron/net-transport';
import { ElectronUpdater, type AutoUpdater } from '../../src/main/electron/updater';
import type { RunningSandbox } from '../../src/sandbox/server';
import { app, resetElectronDouble, session } from '../support/electron-double';
import { until } from '../support/until';
import { ProxySignIn } from '../../src/main/core/network/proxy-sign-in';
import { askForProxySignIn } from '../../src/main/electron/proxy-login';
import { desktopHandlers, NODE_NETWORK } from '../../src/main/core/desktop/desktop-handlers';
import type { ProxyPrompt } from '../../src/shared/updates';
import { sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
beforeEach(async () => {
  resetElectronDouble();
  sbx = await sandbox();
});
afterEach(async () => {
  await sbx.close();
});

const apiThrough = (transport: ReturnType<typeof createNetTransport>) => {
  const app = sbx.info.apps[0]!;
  return new ApiClient({ baseUrl: sbx.info.baseUrl, token: app.token, appId: app.id, transport });
};

describe("the network through Electron's session", () => {
  it('reads the API over the session, its 64-bit IDs intact', async () => {
    const api = apiThrough(createNetTransport(session.defaultSession));
    const page = await api.listConversations();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items[0]!.id).toMatch(/^\d+$/);
  });

  it("maps Chromium's certificate errors to the sentence IT can act on", async () => {
    session.defaultSession.fetch = async () => {
      throw new Error('net::ERR_CERT_AUTHORITY_INVALID');
    };
    const transport = createNetTransport(session.defaultSession);
    const form = { baseUrl: 'https://api.example.com', appId: '101', adminId: '1', token: 'secret-token' };
    expect(await checkConnection(form, transport)).toMatchObject({ ok: false, failure: 'tls-untrusted' });

    session.defaultSession.fetch = async () => {
      throw new Error('net::ERR_CERT_DATE_INVALID');
    };
    const error = await transport.send({ method: 'GET', url: 'https://api.example.com/', headers: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(networkProblemOf(error)).toBe('tls-expired');
  });

  it('caps what it reads and times out like the undici transport', async () => {
    session.defaultSession.fetch = async () => new Response('x'.repeat(2000));
    const small = createNetTransport(session.defaultSession, { maxResponseBytes: 1000 });
    await expect(small.send({ method: 'GET', url: 'https://a.example/', headers: {} })).rejects.toMatchObject({
      kind: 'malformed',
    });
    session.defaultSession.fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const slow = createNetTransport(session.defaultSession, { timeoutMs: 1 });
    await expect(slow.send({ method: 'GET', url: 'https://a.example/', headers: {} })).rejects.toMatchObject({
      kind: 'timeout',
    });
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
    expect(told.slice(1)).toEqual([['download'], ['install', false, true]]);
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
    askForProxySignIn(signIn);
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
