// The bad-input run's part about input from outside the process: the browser host, the
// embedded (locked-down) demo server and the connect form. Each case is refused with a clear
// answer, the process keeps running, and nothing changes.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { RecordingNotifier, startBrowserHost } from '../src/main/browser-host/host';
import type { HttpTransport } from '../src/main/core/ports';
import { checkConnection } from '../src/main/core/accounts/connection-check';
import { memoryCredentialStore } from '../src/main/core/accounts/credentials';
import { createAccountsWithDemo } from '../src/main/demo/embedded-demo';
import { LOCKED_MAX_CONNECTIONS } from '../src/sandbox/http/lockdown';
import type { RunningSandbox } from '../src/sandbox/server';
import { stallFlood } from '../test/support/stall-flood';
import { costOf, sleep } from './support';

type Record = (area: string, name: string, clearError: boolean, unchanged: boolean, detail: string) => void;

/** One HTTP exchange with exactly these headers; `headOnly` sends no body and waits at most 3 s. */
function exchange(
  port: number,
  path: string,
  options: { method?: string; headers?: { [name: string]: string }; body?: string; headOnly?: boolean } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    if (options.headOnly) {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
      socket.setTimeout(3000, () => socket.destroy());
      socket.write(
        `${options.method ?? 'POST'} ${path} HTTP/1.1\r\n${Object.entries(options.headers ?? {})
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n`,
      );
      return;
    }
    const req = request(
      { agent: false, host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, text: error.message }));
    req.end(options.body);
  });
}

const errorText = (text: string) => (/"error_message":"([^"]*)"/.exec(text)?.[1] ?? text).slice(0, 70);

export async function outsideInput(record: Record): Promise<void> {
  const rendererDir = await mkdtemp(join(tmpdir(), 'perch-bad-host-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Perch</title>');
  let demo: RunningSandbox | undefined;
  const { accounts, close } = await createAccountsWithDemo({
    dataDir: rendererDir,
    credentials: memoryCredentialStore(),
    workspace: { notifier: new RecordingNotifier(), openExternal: async () => {}, realtime: false },
    demo: { simulatorIntervalMs: false, conversationsPerApp: 20, onDemo: (started) => (demo = started) },
  });
  await accounts.start();
  const host = await startBrowserHost({ contract: accounts, rendererDir });
  const hostPort = Number(new URL(host.url).port);
  const hostAlive = async () =>
    (await exchange(hostPort, '/', { headers: { host: `127.0.0.1:${hostPort}` } })).status === 200;

  // The browser host: a URL that does not decode, a frame whose channel has a hostile toString.
  for (const path of ['/%E0%A4%A', '//']) {
    const answer = await exchange(hostPort, path, { headers: { host: `127.0.0.1:${hostPort}` } });
    record(
      'outside input',
      `browser host GET ${path}`,
      answer.status === 400,
      await hostAlive(),
      `${answer.status}, host still answers: ${await hostAlive()}`,
    );
  }
  const ws = new WebSocket(host.url.replace('http://', 'ws://').replace('/?session=', '/ipc?session='), {
    origin: new URL(host.url).origin,
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const result = await new Promise<{ ok: boolean; error?: { code: string; message: string } }>((resolve) => {
    setTimeout(() => resolve({ ok: false, error: { code: 'none', message: 'no answer in 5 s' } }), 5000).unref();
    ws.once('message', (data) => resolve((JSON.parse(String(data)) as { result: { ok: boolean } }).result));
    ws.send('{"type":"invoke","id":1,"channel":{"toString":1},"args":[]}');
  });
  ws.close();
  record(
    'outside input',
    'frame with channel {"toString":1}',
    !result.ok && result.error?.code === 'invalid-arguments',
    await hostAlive(),
    result.error?.message ?? 'accepted!',
  );

  // The embedded demo server: answers Perch only.
  const sandbox = demo!;
  const port = Number(new URL(sandbox.info.baseUrl).port);
  const own = `127.0.0.1:${port}`;
  const app = sandbox.info.apps[0]!;
  const user = [...sandbox.store.users.values()].find((u) => u.appId === app.id)!;
  const demoCases: [string, () => Promise<{ status: number; text: string }>, number][] = [
    [
      'no-cors POST from another origin',
      () =>
        exchange(port, `/users/${user.id}/startconversation?auth_token=${app.token}`, {
          method: 'POST',
          headers: { host: own, origin: 'https://evil.example', 'content-type': 'text/plain' },
          body: 'body=hi',
        }),
      403,
    ],
    [
      'Host of a rebound DNS name',
      () =>
        exchange(port, `/users/${user.id}/startconversation`, {
          method: 'POST',
          headers: {
            host: `evil.example:${port}`,
            authorization: `Token ${app.token}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'body=hi',
        }),
      403,
    ],
    [
      'token in the query',
      () =>
        exchange(port, `/users/${user.id}/startconversation?auth_token=${app.token}`, {
          method: 'POST',
          headers: { host: own, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'body=hi',
        }),
      401,
    ],
    [
      'text/plain body',
      () =>
        exchange(port, `/users/${user.id}/startconversation`, {
          method: 'POST',
          headers: { host: own, authorization: `Token ${app.token}`, 'content-type': 'text/plain' },
          body: 'body=hi',
        }),
      415,
    ],
    [
      '15 MB upload without a token (head only)',
      () =>
        exchange(port, `/users/${user.id}/startconversation`, {
          headOnly: true,
          headers: {
            host: own,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(15 * 1024 * 1024),
          },
        }),
      401,
    ],
  ];
  for (const [name, attempt, expected] of demoCases) {
    const before = sandbox.store.conversations.size;
    const answer = await attempt();
    record(
      'outside input',
      `demo server: ${name}`,
      answer.status === expected && errorText(answer.text).length > 0,
      sandbox.store.conversations.size === before,
      `${answer.status} ${errorText(answer.text)}`,
    );
  }

  // A local program keeps more stalled connections open than the demo's cap, re-opening each
  // as the demo closes it: Perch's own requests, each on a new connection, still get in.
  {
    const flood = stallFlood(port, own, LOCKED_MAX_CONNECTIONS + 6);
    const latencies: number[] = [];
    const cost = await costOf(async () => {
      await sleep(500);
      for (let probe = 0; probe < 6; probe++) {
        const started = performance.now();
        const answer = await exchange(port, '/v2/apps/$self_app/conversations?paginate_count=1', {
          headers: { host: own, authorization: `Token ${app.token}` },
        });
        if (answer.status === 200) latencies.push(performance.now() - started);
        await sleep(500);
      }
    });
    flood.stop();
    const slowest = Math.max(0, ...latencies);
    record(
      'outside input',
      'demo server: a program re-opening more stalled connections than its cap (3.5 s)',
      latencies.length === 6 && slowest < 2000,
      await hostAlive(),
      `${latencies.length} of 6 requests answered (slowest ${Math.round(slowest)} ms); ${flood.counts.opened} connections opened, ${flood.counts.closedByServer} closed by the demo; ${cost.cpu.toFixed(2)} CPU s`,
    );
  }

  // The connect form: a token never goes over plain http to another computer.
  let sent = 0;
  const counting: HttpTransport = { send: async () => void sent++ as never, close: async () => {} };
  const check = await checkConnection(
    { baseUrl: 'http://api.example.com', appId: '1', adminId: '1', token: 'secret' },
    counting,
  );
  record(
    'outside input',
    'API address over plain http',
    !check.ok && check.failure === 'insecure-url',
    sent === 0,
    check.ok ? 'accepted!' : check.detail.slice(0, 70),
  );

  await host.close();
  await close();
}
