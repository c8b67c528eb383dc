import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from '../../src/main/browser-host/host';
import type { RunningSandbox } from '../../src/sandbox/server';
import { Fuzzer, rawExchange, statusOf } from '../support/fuzz';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';
import { accountsOn } from '../support/accounts';
import { APP_PACE } from '../support/workspace-on';

// Whatever arrives from outside, the process keeps running and keeps answering.
let host: BrowserHost;
let closeAccounts: () => Promise<void>;
let open: RunningSandbox;
let locked: RunningSandbox;
const escaped: unknown[] = [];
const collect = (error: unknown) => escaped.push(error);

beforeAll(async () => {
  process.on('unhandledRejection', collect);
  const dir = await mkdtemp(join(tmpdir(), 'perch-fuzz-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Perch</title>');
  const created = await accountsOn({
    dataDir: dir,
    plainTokenFile: false,
    workspace: { ...APP_PACE, realtime: false },
    demo: { persist: false, conversationsPerApp: 10 },
    start: true,
  });
  closeAccounts = created.close;
  host = await startBrowserHost({ contract: created.accounts, rendererDir: dir });
  open = await sandbox({ conversationsPerApp: 10, realtime: true });
  locked = await sandbox({ conversationsPerApp: 10, lockedDown: true, realtime: true });
});
afterAll(async () => {
  process.off('unhandledRejection', collect);
  await host.close();
  await closeAccounts();
  await open.close();
  await locked.close();
});

const origin = () => new URL(host.url).origin;
const portOf = (url: string) => Number(new URL(url).port);

function connectIpc(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(host.url.replace('http://', 'ws://').replace('/?session=', '/ipc?session='), {
      origin: origin(),
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sends one frame and waits for the result with that id. */
function invokeRaw(ws: WebSocket, id: number, frame: string): Promise<any> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data));
      if (message.type === 'result' && message.id === id) {
        ws.off('message', onMessage);
        resolve(message.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(frame);
  });
}

async function hostAnswers(): Promise<void> {
  expect((await fetch(host.url)).status).toBe(200);
  const ws = await connectIpc();
  const ready = await invokeRaw(
    ws,
    424242,
    JSON.stringify({ type: 'invoke', id: 424242, channel: 'app:ready', args: [] }),
  );
  expect(ready.ok).toBe(true);
  ws.close();
}

async function sandboxAnswers(running: RunningSandbox): Promise<void> {
  const app = running.info.apps[0]!;
  const res = await fetch(`${running.info.baseUrl}/apps/${app.id}/conversations?paginate_count=1`, {
    headers: { authorization: `Token ${app.token}` },
  });
  expect(res.status).toBe(200);
}

describe('the browser host never dies', () => {
  it('answers a path with a broken percent escape with 400', async () => {
    const res = await fetch(`${origin()}/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(statusOf(await rawExchange(portOf(host.url), Buffer.from('GET // HTTP/1.1\r\nhost: x\r\n\r\n')))).toBe(400);
    await hostAnswers();
  });

  it('answers a frame whose channel cannot be turned into text', async () => {
    const ws = await connectIpc();
    const result = await invokeRaw(ws, 7, '{"type":"invoke","id":7,"channel":{"toString":1},"args":[]}');
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    ws.close();
    await hostAnswers();
  });

  it('still answers after random requests and frames', async () => {
    const fuzz = new Fuzzer(20261123);
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++)
      statuses.push(
        statusOf(
          await rawExchange(
            portOf(host.url),
            fuzz.request({ host: new URL(host.url).host, prefixes: ['/', '/ipc', '/index.html', '/assets/'] }),
          ),
        ),
      );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const ws = await connectIpc();
    const answered = new Set<number>();
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'result') answered.add(message.id);
    });
    // Every frame shaped like an invoke gets its answer, whatever its channel and arguments.
    const expected = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const frame = fuzz.frame();
      ws.send(frame);
      const parsed =
        typeof frame === 'string'
          ? (JSON.parse(frame.startsWith('{"type"') ? frame : 'null') as { type?: unknown; id?: unknown } | null)
          : null;
      if (parsed?.type === 'invoke' && typeof parsed.id === 'number') expected.add(parsed.id);
    }
    expect(expected.size).toBeGreaterThan(100);
    await until(() => [...expected].every((id) => answered.has(id)), { what: 'an answer to every invoke frame' });
    await hostAnswers();
    ws.close();
    expect(escaped).toEqual([]);
  });
});

describe('the sandbox never dies', () => {
  const prefixes = (running: RunningSandbox) => {
    const app = running.info.apps[0]!;
    return [
      '/',
      `/apps/${app.id}/conversations`,
      '/conversations/1/reply',
      '/users/1/props',
      '/v2/apps/101/users',
      '/realtime',
      '/_sandbox/faults',
      '/_sandbox/visitor-message',
      '/users/import',
    ];
  };

  for (const mode of ['open', 'locked'] as const) {
    it(`still answers after random requests (${mode})`, async () => {
      const running = mode === 'open' ? open : locked;
      const fuzz = new Fuzzer(mode === 'open' ? 7 : 8);
      const statuses: number[] = [];
      for (let i = 0; i < 150; i++)
        statuses.push(
          statusOf(
            await rawExchange(
              portOf(running.info.baseUrl),
              fuzz.request({
                host: new URL(running.info.baseUrl).host,
                token: running.info.apps[0]!.token,
                prefixes: prefixes(running),
              }),
              1000,
            ),
          ),
        );
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      await sandboxAnswers(running);
      expect(escaped).toEqual([]);
    });
  }
});
