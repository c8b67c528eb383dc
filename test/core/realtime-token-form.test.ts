import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { createWorkspace } from '../../src/main/core/compose';
import type { OpenRealtimeSocket, ScopedLog } from '../../src/main/core/ports';
import { systemClock } from '../../src/main/core/runtime/clock';
import { RealtimeClient } from '../../src/main/core/sync/realtime-client';
import { openWsSocket } from '../../src/main/core/sync/realtime-socket';
import type { RealtimeEvent } from '../../src/shared/realtime';
import type { RunningSandbox } from '../../src/sandbox/server';
import { FakeClock } from '../support/fake-clock';
import { raw, sandbox } from '../support/sandbox';
import { until } from '../support/until';

/**
 * The older /rts page puts the token in `?auth_token=`, the newer allows the Web API's ways:
 * Perch sends the header, and tries the query form once when a handshake is refused with 3401
 * while the Web API accepts the same token.
 */

let sbx: RunningSandbox | null = null;
const clients: RealtimeClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.stop();
  await sbx?.close();
  sbx = null;
});

/** Every line the client logs, as written. */
function recordingLog(lines: string[]): ScopedLog {
  const line = (message: string, fields?: object) => void lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  return { info: line, warn: line, error: line };
}

/** Opens real sockets, keeping the URLs asked for and the headers sent. */
function recordingOpen(asked: { url: string; headers: Record<string, string> }[]): OpenRealtimeSocket {
  return (url, headers, on) => {
    asked.push({ url, headers });
    return openWsSocket(url, headers, on);
  };
}

describe('a server that takes the token only as auth_token in the URL', () => {
  it('is asked once with the query form when the Web API accepts the token, and that form is kept', async () => {
    sbx = await sandbox({ realtime: true });
    sbx.realtime.tokenOnlyInQuery = true;
    const app = sbx.info.apps[0]!;
    const asked: { url: string; headers: Record<string, string> }[] = [];
    const lines: string[] = [];
    let checks = 0;
    const client = new RealtimeClient({
      url: sbx.info.baseUrl.replace(/^http/, 'ws'),
      appId: app.id,
      token: app.token,
      clock: systemClock,
      openSocket: recordingOpen(asked),
      webApiAcceptsToken: async () => {
        checks += 1;
        return (await raw(sbx!, '/apps/101/conversations?paginate_count=1')).status === 200;
      },
      log: recordingLog(lines),
    });
    clients.push(client);
    const events: RealtimeEvent[] = [];
    client.events.on('event', (e) => events.push(e));
    client.start();
    await until(() => client.status === 'connected', { what: 'a connection with the query form' });
    expect(asked).toHaveLength(2);
    expect(asked[0]!.url).not.toContain('auth_token');
    expect(asked[0]!.headers.authorization).toBe(`Token ${app.token}`);
    expect(new URL(asked[1]!.url).searchParams.get('auth_token')).toBe(app.token);
    expect(asked[1]!.headers.authorization).toBeUndefined();
    expect(checks).toBe(1);

    const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && !x.closed)!;
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'through the query form' } });
    await until(() => events.some((e) => e.type === 'changed' && e.part?.body === 'through the query form'));

    // A cut line comes back with the form that worked, without asking the Web API again.
    sbx.realtime.disconnectAll();
    await until(() => asked.length === 3 && client.status === 'connected', { what: 'the reconnection' });
    expect(new URL(asked[2]!.url).searchParams.get('auth_token')).toBe(app.token);
    expect(checks).toBe(1);
    expect(lines.join('\n')).not.toContain(app.token);
  });

  it('leaves the account signed out when the Web API refuses the token too, and never puts it in the URL', async () => {
    sbx = await sandbox({ realtime: true });
    const asked: { url: string; headers: Record<string, string> }[] = [];
    const client = new RealtimeClient({
      url: sbx.info.baseUrl.replace(/^http/, 'ws'),
      appId: '101',
      token: 'refused-everywhere-token',
      clock: systemClock,
      openSocket: recordingOpen(asked),
      webApiAcceptsToken: async () =>
        (await raw(sbx!, '/apps/101/conversations', { token: 'refused-everywhere-token' })).status === 200,
    });
    clients.push(client);
    client.start();
    await until(() => client.status === 'signed-out');
    expect(asked.map((a) => a.url).filter((u) => u.includes('auth_token'))).toEqual([]);
  });

  it('takes the query form over wss only, or plain ws to this computer', async () => {
    for (const [url, tries] of [
      ['ws://realtime.example.test', false],
      ['wss://realtime.example.test', true],
    ] as const) {
      const clock = new FakeClock();
      const asked: string[] = [];
      const client = new RealtimeClient({
        url,
        appId: '101',
        token: 'a-token-the-web-api-takes',
        clock,
        // A server refusing every handshake with 3401, as a header-blind one would.
        openSocket: (socketUrl, _headers, on) => {
          asked.push(socketUrl);
          queueMicrotask(() => on.closed(3401, 'The access token is not valid'));
          return { close: () => {} };
        },
        webApiAcceptsToken: async () => true,
      });
      clients.push(client);
      client.start();
      await until(async () => {
        await clock.advance(0);
        return client.status === 'signed-out';
      });
      expect(
        asked.some((u) => u.includes('auth_token')),
        url,
      ).toBe(tries);
      expect(asked.length, url).toBe(tries ? 2 : 1);
    }
  });

  it('keeps an account live: the workspace asks its Web API about the refused token', async () => {
    sbx = await sandbox({ realtime: true });
    sbx.realtime.tokenOnlyInQuery = true;
    const app = sbx.info.apps[0]!;
    const opened = createWorkspace(
      {
        id: 'account-0000000000000query',
        mode: 'account',
        baseUrl: sbx.info.baseUrl,
        appId: app.id,
        adminId: app.adminId,
        token: app.token,
      },
      {
        notifier: new RecordingNotifier(),
        clock: new FakeClock(),
        dataDir: await mkdtemp(join(tmpdir(), 'perch-rt-query-')),
        openExternal: async () => {},
      },
    );
    try {
      await opened.workspace.start();
      await until(() => opened.workspace.currentAttention.realtime, { what: 'realtime live with the query form' });
    } finally {
      await opened.close();
    }
  });
});
