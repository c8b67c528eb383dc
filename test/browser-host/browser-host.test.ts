import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BACKPRESSURE_BYTES, startBrowserHost, type BrowserHost } from '../../src/main/browser-host/host';
import { MAX_HELD_EVENTS } from '../../src/main/core/contract/held-events';
import { createAccountsWithDemo } from '../../src/main/demo/embedded-demo';
import type { RunningSandbox } from '../../src/sandbox/server';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';
import { accountsOn } from '../support/accounts';
import { APP_PACE } from '../support/workspace-on';

let sbx: RunningSandbox;
let host: BrowserHost;
let closeAccounts: () => Promise<void>;
let accounts: Awaited<ReturnType<typeof createAccountsWithDemo>>['accounts'];

beforeAll(async () => {
  sbx = await sandbox();
  const dir = await mkdtemp(join(tmpdir(), 'perch-renderer-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Perch</title>');
  const created = await accountsOn({
    dataDir: dir,
    plainTokenFile: false,
    workspace: APP_PACE,
    demo: { persist: false, conversationsPerApp: 20 },
    start: true,
  });
  closeAccounts = created.close;
  accounts = created.accounts;
  host = await startBrowserHost({ contract: created.accounts, rendererDir: dir });
});
afterAll(async () => {
  await host.close();
  await closeAccounts();
  await sbx.close();
});

function connect(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

function invoke(ws: WebSocket, id: number, channel: string, args: unknown[]): Promise<any> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data));
      if (message.type === 'result' && message.id === id) {
        ws.off('message', onMessage);
        resolve(message.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'invoke', id, channel, args }));
  });
}

describe('browser host', () => {
  const wsUrl = () => host.url.replace('http://', 'ws://').replace('/?session=', '/ipc?session=');
  const origin = () => new URL(host.url).origin;

  it('serves the renderer with a strict CSP and refuses paths outside it', async () => {
    const page = await fetch(host.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const escape = await fetch(`${origin()}/..%2f..%2fetc%2fpasswd`);
    expect([403, 404]).toContain(escape.status);
    expect(await escape.text()).not.toContain('root:');
  });

  it('carries the contract over the WebSocket for its own page', async () => {
    const ws = await connect(wsUrl(), origin());
    const result = await invoke(ws, 1, 'inbox:get', []);
    expect(result.ok).toBe(true);
    expect(result.value.rows.length).toBeGreaterThan(0);
    const bad = await invoke(ws, 2, 'conversation:open', ['demo', '1; drop table']);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    ws.close();
  });

  it('stops following the conversation of a tab that closed, unless another tab shows it', async () => {
    const first = await connect(wsUrl(), origin());
    const second = await connect(wsUrl(), origin());
    const rows = (await invoke(first, 1, 'inbox:get', [])).value.rows as { id: string }[];
    expect((await invoke(first, 2, 'conversation:open', ['demo', rows[0]!.id])).ok).toBe(true);
    expect((await invoke(second, 3, 'conversation:open', ['demo', rows[0]!.id])).ok).toBe(true);
    const feed = accounts.workspace!.feed;
    expect(feed.activeId).toBe(rows[0]!.id);
    first.close();
    await new Promise((resolve) => first.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The other tab still shows it: still followed.
    expect(feed.activeId).toBe(rows[0]!.id);
    second.close();
    await until(() => feed.activeId === null, { what: 'the feed to stop with the last tab' });
  });

  it('gives the inbox a range at a time, with the size of the whole and of each view, and refuses a bad range', async () => {
    const ws = await connect(wsUrl(), origin());
    const whole = (await invoke(ws, 1, 'inbox:get', [])).value;
    const first = (await invoke(ws, 2, 'inbox:get', [{ offset: 0, limit: 5 }])).value;
    const rest = (await invoke(ws, 3, 'inbox:get', [{ offset: 5, limit: 5000 }])).value;
    expect(whole.rows.length).toBeGreaterThan(5);
    expect(first.rows).toEqual(whole.rows.slice(0, 5));
    expect([...first.rows, ...rest.rows]).toEqual(whole.rows);
    expect(first.total).toBe(whole.rows.length);
    const open = whole.rows.filter((r: { closed: boolean }) => !r.closed).length;
    expect(first.sizes).toMatchObject({ open, closed: whole.rows.length - open });
    for (const [id, range] of [
      [4, { offset: -1, limit: 5 }],
      [5, { offset: 0, limit: 0 }],
      [6, { offset: 0, limit: 5001 }],
      [7, { offset: 0, limit: 5, all: true }],
    ] as const) {
      expect(await invoke(ws, id, 'inbox:get', [range])).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    }
    ws.close();
  });

  it('never sends the API token to the renderer, in any result or event', async () => {
    const ws = await connect(wsUrl(), origin());
    const received: string[] = [];
    ws.on('message', (data) => received.push(String(data)));
    const app = sbx.info.apps[0]!;
    // The token goes in once, through the connect form's channel, and never comes back.
    const connected = await invoke(ws, 9, 'account:connect', [
      { baseUrl: sbx.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
    ]);
    expect(connected.value).toMatchObject({
      ok: true,
      accountsState: { accounts: [{ mode: 'account', appId: app.id }] },
    });
    const ready = await invoke(ws, 10, 'app:ready', []);
    expect(Object.keys(ready.value.accounts[0]).sort()).toEqual([
      'adminId',
      'appId',
      'baseUrl',
      'color',
      'id',
      'label',
      'liveUpdates',
      'mode',
      'status',
    ]);
    const rows = (await invoke(ws, 11, 'inbox:get', [])).value.rows;
    const accountId = rows[0].accountId;
    expect(accountId).toBe(ready.value.accounts[0].id);
    const calls: [string, unknown[]][] = [
      ['conversation:open', [rows[0].id]],
      ['outbox:list', []],
      ['channels:get', []],
      ['visitors:watch', [true]],
      ['leads:page', [{ offset: 0, limit: 5 }]],
      ['conversation:reply', [{ conversationId: rows[0].id, body: 'token check', kind: 'note' }]],
    ];
    for (const [i, [channel, args]] of calls.entries())
      expect(await invoke(ws, 12 + i, channel, [accountId, ...args]), channel).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = received.join('\n');
    const events = received.filter((m) => m.startsWith('{"type":"event"'));
    expect(events.length).toBeGreaterThan(0);
    expect(all).toContain('"account:changed"');
    expect(all).not.toContain(app.token);
    ws.close();
  });

  it('holds its events for a page until it says app:ready, then sends them in order', async () => {
    const ws = await connect(wsUrl(), origin());
    const received: string[] = [];
    ws.on('message', (data) => received.push(String(data)));
    // Two changes of the settings, each announced by an event, before the page listens.
    for (const [i, sound] of [false, true].entries())
      expect(await invoke(ws, 30 + i, 'settings:update', [{ sound }])).toMatchObject({ ok: true });
    expect(received.filter((m) => m.startsWith('{"type":"event"'))).toEqual([]);

    await invoke(ws, 32, 'app:ready', []);
    const order = received.map((m) => JSON.parse(m) as { type: string; id?: number; event?: string; payload?: any });
    const settings = order.filter((m) => m.event === 'settings:changed');
    expect(settings.map((m) => m.payload.notifications.sound)).toEqual([false, true]);
    ws.close();
  });

  it('loads anew, unanswered, a page that let more events pile up than it may hold (the policy of Electron’s window)', async () => {
    const ws = await connect(wsUrl(), origin());
    const received: { type: string; id?: number }[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data)) as { type: string }));
    for (let i = 0; i <= MAX_HELD_EVENTS; i++)
      accounts.events.emit('conversation:typing', {
        accountId: 'demo',
        value: { conversationId: String(i), from: 'user', adminId: null, body: 'x' },
      });
    ws.send(JSON.stringify({ type: 'invoke', id: 40, channel: 'app:ready', args: [] }));
    await until(() => received.some((m) => m.type === 'reload'), { what: 'the page to be told to reload' });
    expect(received.filter((m) => m.type === 'event')).toEqual([]);
    expect(received.some((m) => m.type === 'result' && m.id === 40)).toBe(false);
    ws.close();
  });

  it('drops typing, never the rest, for a page that does not read as fast as events come', async () => {
    const ws = await connect(wsUrl(), origin());
    const received: { type: string; event?: string }[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data)) as { type: string }));
    await invoke(ws, 41, 'app:ready', []);
    // The page stops reading (a hung or throttled tab): what is sent piles up in the host.
    ws.pause();
    const body = 'x'.repeat(1000);
    const typed = 50_000;
    for (let i = 0; i < typed; i++)
      accounts.events.emit('conversation:typing', {
        accountId: 'demo',
        value: { conversationId: String(i % 50), from: 'user', adminId: null, body },
      });
    accounts.events.emit('outbox:changed', { accountId: 'demo', value: [] });
    ws.resume();
    await until(() => received.some((m) => m.event === 'outbox:changed'), { what: 'the outbox event' });
    const typing = received.filter((m) => m.event === 'conversation:typing').length;
    // What the host buffered for the page: its bound and what the sockets held, not 50 MB.
    expect(typing * body.length).toBeLessThan(BACKPRESSURE_BYTES + 8 * 1024 * 1024);
    expect(typing).toBeLessThan(typed);
    ws.close();
  });

  it('refuses a WebSocket without the session secret or from another origin', async () => {
    await expect(connect(wsUrl().replace(/session=[^&]+/, 'session=guess'), origin())).rejects.toThrow(/403/);
    await expect(connect(wsUrl(), 'http://evil.example')).rejects.toThrow(/403/);
  });
});
