import { mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEmbeddedSandbox } from '../../src/main/demo/embedded-demo';
import { LOCKED_MAX_CONNECTIONS } from '../../src/sandbox/http/lockdown';
import type { RunningSandbox } from '../../src/sandbox/server';
import { rawExchange, statusOf } from '../support/fuzz';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

// The embedded demo server answers only Perch; the standalone one keeps the whole specification.
let locked: RunningSandbox;
let open: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'perch-lockdown-'));
  locked = await sandbox({
    lockedDown: true,
    realtime: true,
    conversationsPerApp: 10,
    dataFile: join(dataDir, 'a', 'sandbox.json'),
  });
  open = await sandbox({ conversationsPerApp: 10 });
});
afterAll(async () => {
  await locked.close();
  await open.close();
});

const portOf = (running: RunningSandbox) => Number(new URL(running.info.baseUrl).port);
const hostOf = (running: RunningSandbox) => new URL(running.info.baseUrl).host;

/** One request with exactly these headers (fetch would not let a test set Origin or Host). */
function send(
  running: RunningSandbox,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent: false,
        host: '127.0.0.1',
        port: portOf(running),
        path,
        method: options.method ?? 'GET',
        headers: { host: hostOf(running), ...options.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** What a page on another origin can send with a no-cors fetch: text/plain, token in the query. */
async function pageCreatesConversation(running: RunningSandbox) {
  const app = running.info.apps[0]!;
  const user = [...running.store.users.values()].find((u) => u.appId === app.id)!;
  const before = running.store.conversations.size;
  const answer = await send(running, `/users/${user.id}/startconversation?auth_token=${app.token}`, {
    method: 'POST',
    headers: { origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' },
    body: 'body=hello from another site',
  });
  return { status: answer.status, created: running.store.conversations.size - before };
}

const auth = (running: RunningSandbox) => ({ authorization: `Token ${running.info.apps[0]!.token}` });
const conversations = (running: RunningSandbox) => `/apps/${running.info.apps[0]!.id}/conversations?paginate_count=1`;

describe('a locked-down sandbox', () => {
  it('answers Perch: its own Host, the token in the header', async () => {
    expect((await send(locked, conversations(locked), { headers: auth(locked) })).status).toBe(200);
  });

  it('refuses a request from another origin; the open sandbox takes it', async () => {
    expect(await pageCreatesConversation(locked)).toEqual({ status: 403, created: 0 });
    expect(await pageCreatesConversation(open)).toEqual({ status: 200, created: 1 });
    const withToken = await send(locked, conversations(locked), { headers: { ...auth(locked), origin: 'null' } });
    expect(withToken.status).toBe(403);
    expect(withToken.text).toContain('answers only Perch');
  });

  it('refuses another Host, as a rebound DNS name would send', async () => {
    for (const host of ['evil.example', `localhost:${portOf(locked)}`, '127.0.0.1']) {
      expect((await send(locked, conversations(locked), { headers: { ...auth(locked), host } })).status).toBe(403);
    }
    expect((await send(open, conversations(open), { headers: { ...auth(open), host: 'evil.example' } })).status).toBe(
      200,
    );
  });

  it('takes the token only from the Authorization header, and no text/plain body', async () => {
    const query = await send(locked, `${conversations(locked)}&auth_token=${locked.info.apps[0]!.token}`);
    expect(query.status).toBe(401);
    // The Realtime Services too: a token in the URL is refused (3401), one in the header admitted.
    const url = `${locked.info.baseUrl.replace(/^http/, 'ws')}/websocket/ping`;
    const byQuery = new WebSocket(`${url}?auth_token=${locked.info.apps[0]!.token}`);
    expect(await new Promise((resolve) => byQuery.once('close', resolve))).toBe(3401);
    const byHeader = new WebSocket(url, { headers: auth(locked) });
    await new Promise((resolve) => byHeader.once('open', resolve));
    byHeader.terminate();
    // And no web page may open one, whatever token it has.
    const fromPage = new WebSocket(url, { headers: { ...auth(locked), origin: 'https://evil.example' } });
    const refused = await new Promise<number>((resolve) =>
      fromPage.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(refused).toBe(403);
    const c = [...locked.store.conversations.values()].find((x) => x.appId === locked.info.apps[0]!.id)!;
    const plain = await send(locked, `/conversations/${c.id}/tag`, {
      method: 'POST',
      headers: { ...auth(locked), 'content-type': 'text/plain' },
      body: 'action=add&tag=x',
    });
    expect(plain.status).toBe(415);
    expect(c.tags).not.toContain('x');
  });

  it('refuses an upload without a valid token before reading its body', async () => {
    // Only the head is sent: a server that waits for the 15 MB body never answers.
    const head = (running: RunningSandbox) =>
      Buffer.from(
        `POST /conversations/1/reply HTTP/1.1\r\nhost: ${hostOf(running)}\r\nauthorization: Token wrong\r\ncontent-type: multipart/form-data; boundary=x\r\ncontent-length: ${15 * 1024 * 1024}\r\n\r\n`,
      );
    const answer = await rawExchange(portOf(locked), head(locked), 5000, { keepSending: true });
    expect(statusOf(answer)).toBe(401);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(statusOf(await rawExchange(portOf(open), head(open), 1500, { keepSending: true }))).toBe(0);
  });

  it('keeps a realtime connection open past the cut of silent connections', async () => {
    const pinging = await sandbox({ lockedDown: true, realtime: true, realtimePingMs: 3500, conversationsPerApp: 5 });
    try {
      const socket = new WebSocket(`${pinging.info.baseUrl.replace(/^http/, 'ws')}/websocket/ping`, {
        headers: auth(pinging),
      });
      // The first ping comes 3.5 s in: past the 3 s after which a silent connection is cut.
      const first = await new Promise<string>((resolve, reject) => {
        socket.once('message', (data) => resolve(String(data)));
        socket.once('close', (code) => reject(new Error(`closed with ${code}`)));
      });
      expect(first).toContain('"channel":"ping"');
      socket.terminate();
    } finally {
      await pinging.close();
    }
  });

  it('caps its connections', async () => {
    const idle: Socket[] = [];
    for (let i = 0; i < LOCKED_MAX_CONNECTIONS; i++) {
      const socket = connect(portOf(locked), '127.0.0.1');
      idle.push(socket);
      // An answered keep-alive request: the server has surely counted this connection.
      const answered = await new Promise<boolean>((resolve) => {
        socket.on('error', () => {});
        socket.once('data', () => resolve(true));
        socket.once('close', () => resolve(false));
        socket.write(
          `GET ${conversations(locked)} HTTP/1.1\r\nhost: ${hostOf(locked)}\r\nauthorization: Token ${locked.info.apps[0]!.token}\r\n\r\n`,
        );
      });
      expect(answered).toBe(true);
    }
    expect(
      statusOf(await rawExchange(portOf(locked), Buffer.from(`GET / HTTP/1.1\r\nhost: ${hostOf(locked)}\r\n\r\n`))),
    ).toBe(0);
    for (const socket of idle) socket.destroy();
    await until(
      async () =>
        (await send(locked, conversations(locked), { headers: auth(locked) }).catch(() => ({ status: 0 }))).status ===
        200,
      { what: 'a free connection' },
    );
  });

  it('keeps its state file owner-only, even over a stale world-readable temporary file', async () => {
    expect((await stat(join(dataDir, 'a', 'sandbox.json'))).mode & 0o777).toBe(0o600);
    const file = join(dataDir, 'stale', 'sandbox.json');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(`${file}.${process.pid}.tmp`, 'left by a crash', { mode: 0o644 });
    const again = await sandbox({ lockedDown: true, conversationsPerApp: 5, dataFile: file });
    const mode = (await stat(file)).mode & 0o777;
    await again.close();
    expect(mode).toBe(0o600);
  });
});

describe('tokens of a locked-down sandbox', () => {
  it('differ between two installs with the same seed, and from the seeded ones', async () => {
    const a = await sandbox({
      lockedDown: true,
      conversationsPerApp: 5,
      dataFile: join(dataDir, 'one', 'sandbox.json'),
    });
    const b = await sandbox({
      lockedDown: true,
      conversationsPerApp: 5,
      dataFile: join(dataDir, 'two', 'sandbox.json'),
    });
    await a.close();
    await b.close();
    expect(a.info.apps[0]!.token).not.toBe(b.info.apps[0]!.token);
    expect(a.info.apps[0]!.token).not.toBe(open.info.apps[0]!.token);
    expect(a.info.limitedTokens[0]!.token).not.toBe(open.info.limitedTokens[0]!.token);
  });

  it('survive a restart', async () => {
    const file = join(dataDir, 'restart', 'sandbox.json');
    const first = await sandbox({ lockedDown: true, conversationsPerApp: 5, dataFile: file });
    await first.close();
    const second = await sandbox({ lockedDown: true, conversationsPerApp: 5, dataFile: file });
    try {
      expect(second.info.apps[0]!.token).toBe(first.info.apps[0]!.token);
      expect((await send(second, conversations(second), { headers: auth(first) })).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('replace the seeded tokens of a demo saved before the lockdown', async () => {
    const file = join(dataDir, 'older', 'sandbox.json');
    const before = await sandbox({ conversationsPerApp: 5, dataFile: file });
    await before.close();
    const after = await sandbox({ lockedDown: true, conversationsPerApp: 5, dataFile: file });
    try {
      expect(after.info.apps[0]!.token).not.toBe(before.info.apps[0]!.token);
      expect((await send(after, conversations(after), { headers: auth(before) })).status).toBe(401);
      expect((await send(after, conversations(after), { headers: auth(after) })).status).toBe(200);
    } finally {
      await after.close();
    }
  });
});

describe('the embedded demo server', () => {
  it('is locked down', async () => {
    const { sandbox: embedded, connection } = await startEmbeddedSandbox({
      simulatorIntervalMs: false,
      conversationsPerApp: 5,
    });
    try {
      expect(connection.token).not.toBe(open.info.apps[0]!.token);
      expect(await pageCreatesConversation(embedded)).toEqual({ status: 403, created: 0 });
    } finally {
      await embedded.close();
    }
  });
});
