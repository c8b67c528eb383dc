// npm run bad-input: feeds Perch hostile and malformed input at every boundary and checks that
// each gets a clear error and changes nothing. Last line: {"tried":..,"clearErrors":..,"unchanged":..}
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { RecordingNotifier } from '../src/main/browser-host/host';
import { ApiClient } from '../src/main/core/api/client';
import { ApiError } from '../src/main/core/api/errors';
import { createUndiciTransport, type HttpRequest, type HttpTransport } from '../src/main/core/api/transport';
import { systemClock } from '../src/main/core/clock';
import { dispatchInvoke } from '../src/main/core/contract-dispatch';
import { Diagnostics } from '../src/main/core/diagnostics';
import { createWorkspace } from '../src/main/core/session';
import { agentSettingsOf, applySettingsChange, jsonFileSettingsBackend, SettingsStore } from '../src/main/core/settings';
import { InboxSync } from '../src/main/core/sync/inbox-sync';
import { startSandbox } from '../src/sandbox/server';
import type { AgentSettingsChange } from '../src/shared/settings';
import { damagedFileCases } from './damaged-files';
import { outsideInput } from './bad-input-outside';

const results: { area: string; name: string; clearError: boolean; unchanged: boolean; detail: string }[] = [];
const record = (area: string, name: string, clearError: boolean, unchanged: boolean, detail: string) => results.push({ area, name, clearError, unchanged, detail });

const sandbox = await startSandbox({ port: 0, seed: 13, simulatorIntervalMs: false, realtime: false });
const app = sandbox.info.apps[0]!;

// 1. Hostile and malformed API responses: the synced inbox must stay exactly as it was.
const goodApi = new ApiClient({ baseUrl: sandbox.info.baseUrl, token: app.token, appId: app.id, transport: createUndiciTransport({ proxyFromEnv: false }) });
const seeded = new InboxSync({ api: goodApi, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
await seeded.initialSync();
const state = seeded.exportState();
const big = JSON.stringify({ data: [{ id: 1, padding: 'x'.repeat(3 * 1024 * 1024) }], meta: { status: 200 } });
// Responses that are wrong as a whole must fail with a clear error; single bad items in a list
// (marked `item`) are left out and counted instead, and the rest of the list is used.
const hostile: [string, number, string, Record<string, string>?, 'item'?][] = [
  ['not JSON', 200, 'surprise'],
  ['HTML error page', 502, '<html><body>Bad gateway</body></html>'],
  ['empty body', 200, ''],
  ['no meta', 200, '{"data":[]}'],
  ['meta.status not a number', 200, '{"data":[],"meta":{"status":"200"}}'],
  ['error inside a 200', 200, '{"data":{},"meta":{"status":500,"error":"InternalError","error_message":"db down"}}'],
  ['data not a list', 200, '{"data":{"id":1},"meta":{"status":200}}'],
  ['id as text', 200, '{"data":[{"id":"1","created":1,"read":true,"replied":true,"closed":false,"unread_parts_count":0,"last_update":1}],"meta":{"status":200}}', {}, 'item'],
  ['negative unread count', 200, '{"data":[{"id":1,"created":1,"read":true,"replied":true,"closed":false,"unread_parts_count":-3,"last_update":1}],"meta":{"status":200}}', {}, 'item'],
  ['bad part direction', 200, '{"data":[{"id":1,"created":1,"read":true,"replied":true,"closed":false,"unread_parts_count":0,"last_update":1,"part_last":{"id":2,"created":1,"conversation":1,"body":"x","direction":"sideways","type":"reply_user"}}],"meta":{"status":200}}', {}, 'item'],
  ['prototype pollution', 200, '{"data":[{"__proto__":{"polluted":true},"id":1}],"meta":{"status":200}}', {}, 'item'],
  ['truncated JSON', 200, '{"data":[{"id":1,'],
  ['revoked token', 401, '{"data":{},"meta":{"status":401,"error":"AuthenticationFailed","error_message":"The token is not valid"}}'],
  ['rate limited', 429, '{"data":{},"meta":{"status":429,"error":"TooManyRequests"}}', { 'retry-after': '30' }],
  ['oversized response', 200, big],
];
for (const [name, status, body, headers, scope] of hostile) {
  const server = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const diagnostics = new Diagnostics();
  const api = new ApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', appId: app.id, diagnostics, transport: createUndiciTransport({ proxyFromEnv: false, maxResponseBytes: 2 * 1024 * 1024 }) });
  const sync = new InboxSync({ api, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
  sync.restore(structuredClone(state));
  const before = sync.snapshot();
  let error: unknown = null;
  await sync.pollOnce().catch((e: unknown) => (error = e));
  const polluted = ({} as Record<string, unknown>).polluted !== undefined;
  const unchanged = isDeepStrictEqual(sync.snapshot(), before) && !polluted;
  if (scope === 'item') {
    const [skipped] = diagnostics.report().skipped;
    const counted = error === null && diagnostics.report().skippedTotal === 1 && (skipped?.reason.length ?? 0) > 0;
    record('API list item', name, counted, unchanged, counted ? `left out, counted: ${skipped!.kind} ${skipped!.reason.slice(0, 60)}` : String(error));
  } else {
    const clear = error instanceof ApiError && error.message.length > 0;
    record('API response', name, clear, unchanged, clear ? `${(error as ApiError).kind}: ${(error as ApiError).message.slice(0, 70)}` : String(error));
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

// One bad conversation among good ones in a real page: the good ones are shown, the sync stays
// healthy, the bad one is counted. The sandbox answers; the transport spoils one item on its way.
{
  const inner = createUndiciTransport({ proxyFromEnv: false });
  const good = (state.conversations as { id: number }[]).map((c) => c.id);
  const badId = good[2]!;
  const spoiling: HttpTransport = {
    async send(request) {
      const response = await inner.send(request);
      const json = JSON.parse(response.body) as { data: unknown };
      if (!Array.isArray(json.data)) return response;
      json.data = json.data.map((c: { id: number }) => (c.id === badId ? { ...c, last_update: 'yesterday' } : c));
      return { ...response, body: JSON.stringify(json) };
    },
    close: () => inner.close(),
  };
  const diagnostics = new Diagnostics();
  const api = new ApiClient({ baseUrl: sandbox.info.baseUrl, token: app.token, appId: app.id, transport: spoiling, diagnostics });
  const sync = new InboxSync({ api, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
  sync.start();
  while (sync.health === 'starting') await new Promise((r) => setTimeout(r, 20));
  sync.stop();
  const shown = new Set(sync.snapshot().rows.map((r) => r.id));
  const goodShown = good.every((id) => id === badId || shown.has(id)) && !shown.has(badId);
  const counted = diagnostics.report().skippedTotal === 1 && diagnostics.report().skipped[0]?.id === String(badId);
  record('API list item', 'one bad conversation among good ones', sync.health === 'ok' && counted, goodShown, `${shown.size} of ${good.length} shown, health ${sync.health}, left out: ${diagnostics.report().skipped.map((s) => `${s.kind} #${s.id} (${s.reason})`).join(', ')}`);
  await spoiling.close();
}

// 2. Bad IPC arguments from the renderer side: refused before any handler or request.
class Counting implements HttpTransport {
  count = 0;
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });
  send(request: HttpRequest) {
    this.count += 1;
    return this.inner.send(request);
  }
  close() {
    return this.inner.close();
  }
}
const transport = new Counting();
const session = createWorkspace(
  { mode: 'sandbox', baseUrl: sandbox.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
  { notifier: new RecordingNotifier(), transport, realtime: false, dataDir: await mkdtemp(join(tmpdir(), 'perch-bad-')), openExternal: async () => {} },
);
await session.workspace.start();
while (session.workspace.inbox.health !== 'ok') await new Promise((r) => setTimeout(r, 20));
const someId = session.workspace.inbox.snapshot().rows[0]!.id;
const badCalls: [string, unknown][] = [
  ['shell:exec', ['rm -rf ~']],
  ['__proto__', []],
  ['conversation:open', ['1 OR 1=1']],
  ['conversation:open', [-5]],
  ['conversation:open', [Number.MAX_SAFE_INTEGER + 2]],
  ['conversation:open', [{ valueOf: 1 }]],
  ['conversation:open', null],
  ['conversation:reply', [{ conversationId: someId, body: '', kind: 'reply' }]],
  ['conversation:reply', [{ conversationId: someId, body: 'x'.repeat(20_001), kind: 'reply' }]],
  ['conversation:reply', [{ conversationId: someId, body: 'hi', kind: 'broadcast' }]],
  ['conversation:reply', [{ conversationId: someId, body: 'hi', kind: 'reply', token: 'x' }]],
  ['conversation:reply', [JSON.parse('{"conversationId":1,"body":"x","kind":"reply","__proto__":{"admin":true}}')]],
  ['conversation:tag', [someId, 'a,b', 'add']],
  ['conversation:tag', [someId, '', 'add']],
  ['conversation:tag', [someId, 'x'.repeat(256), 'add']],
  ['conversation:assign', [someId, 'everyone']],
  ['conversation:close', ['all']],
  ['outbox:retry', [{}]],
  ['outbox:discard', ['x'.repeat(100)]],
  ['leads:page', [{ offset: 20_000, limit: 50 }]],
  ['leads:page', [{ offset: 0, limit: 10, filters: [{ prop: '$email' }] }]],
  ['visitor:get', ['1']],
  ['visitor:message', [1, '']],
  ['link:open', ['javascript:alert(document.cookie)']],
  ['link:open', ['file:///etc/passwd']],
  ['link:open', ['x'.repeat(5000)]],
  ['conversation:reply', [{ conversationId: someId, body: '', kind: 'reply', attachment: { name: 'setup.exe', type: 'application/octet-stream', data: 'TVo=' } }]],
  ['conversation:reply', [{ conversationId: someId, body: 'x', kind: 'reply', attachment: { name: '../../.bashrc', type: 'text/plain', data: 'eA==' } }]],
  ['conversation:reply', [{ conversationId: someId, body: 'x', kind: 'reply', attachment: { name: 'a.pdf', type: 'application/pdf', data: '<script>' } }]],
  ['conversation:reply', [{ conversationId: someId, body: 'x', kind: 'reply', attachment: { name: 'big.zip', type: 'application/zip', data: 'A'.repeat(14_000_004) } }]],
  ['conversation:mark-read', [[]]],
  ['conversation:mark-read', [['all']]],
  ['visitor:edit-props', [1, []]],
  ['visitor:edit-props', [1, [{ op: 'drop_table', key: '$email' }]]],
  ['visitor:edit-props', [1, Array.from({ length: 251 }, () => ({ op: 'delete', key: 'x' }))]],
  ['visitor:unsubscribe', ['everyone']],
  // Names and types dressed up to slip past the attachment allow-list, and links hiding characters.
  ...[['x.exe.', 'application/octet-stream'], ['x.exe\u200b', ''], ['disk.iso', 'application/x-iso9660-image'], ['notes.txt', 'text/html;charset=utf-8'], ['invoice\u202Efdp.exe', 'application/pdf']].map(
    ([name, type]): [string, unknown] => ['conversation:reply', [{ conversationId: someId, body: 'x', kind: 'reply', attachment: { name, type, data: 'TVo=' } }]],
  ),
  ['link:open', ['https://example.com/\u202Egpj.exe']],
  ['draft:set', [someId, 'just text']],
  ['draft:set', [someId, { reply: 'x'.repeat(100_001), note: '' }]],
  ['draft:set', [someId, { reply: 'hi', note: '', send: true }]],
  ['draft:get', ['../outbox']],
];
for (const [channel, args] of badCalls) {
  const requests = transport.count;
  const outbox = session.workspace.outbox.list().length;
  const result = await dispatchInvoke(session.workspace.handlers, channel, args);
  const clear = !result.ok && result.error.code === 'invalid-arguments' && result.error.message.length > 0;
  record('IPC arguments', `${channel} ${JSON.stringify(args)?.slice(0, 40)}`, clear, transport.count === requests && session.workspace.outbox.list().length === outbox, result.ok ? 'accepted!' : result.error.message.slice(0, 70));
}
await session.close();
await transport.close();

// A global shortcut without Ctrl, Alt, Cmd or Super would take a key from every app: refused at the boundary.
const settingsStore = new SettingsStore(jsonFileSettingsBackend(join(await mkdtemp(join(tmpdir(), 'perch-bad-settings-')), 'settings.json')));
await settingsStore.load();
const settingsHandlers = { 'settings:update': async (change: AgentSettingsChange) => agentSettingsOf(await settingsStore.update((s) => applySettingsChange(s, change, new Date()))) };
for (const shortcut of ['A', 'Shift+A', 'F5', 'Ctrl+Shift']) {
  const before = settingsStore.get();
  const result = await dispatchInvoke(settingsHandlers, 'settings:update', [{ shortcut }]);
  const clear = !result.ok && result.error.code === 'invalid-arguments' && result.error.message.length > 0;
  record('IPC arguments', `settings:update shortcut ${JSON.stringify(shortcut)}`, clear, isDeepStrictEqual(settingsStore.get(), before), result.ok ? 'accepted!' : result.error.message.slice(0, 70));
}

// 3. Oversized bodies and files, and values past the specification's limits.
const c = [...sandbox.store.conversations.values()].find((x) => x.appId === app.id && !x.closed)!;
const u = [...sandbox.store.users.values()].find((x) => x.appId === app.id)!;
const footprint = () => JSON.stringify([c.parts.length, c.tags, sandbox.store.conversations.size, sandbox.store.users.size, u.props, u.propsCustom]);
async function post(path: string, body: string | URLSearchParams | FormData, headers: Record<string, string> = {}) {
  const res = await fetch(`${sandbox.info.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Token ${app.token}`, ...headers }, body }).catch((e: Error) => e);
  if (res instanceof Error) return { status: 0, error: res.message };
  const json = (await res.json().catch(() => ({}))) as { meta?: { error?: string; error_message?: string } };
  return { status: res.status, error: json.meta?.error ? `${json.meta.error}: ${json.meta.error_message}` : '' };
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const fileForm = (name: string, bytes: number) => {
  const f = new FormData();
  f.append('filename', name);
  f.append('file', new Blob([new Uint8Array(bytes)]), name);
  return f;
};
const oversized: [string, () => Promise<{ status: number; error: string }>][] = [
  ['17 MB request body', () => post(`/conversations/${c.id}/reply`, form({ body: 'x'.repeat(17 * 1024 * 1024) }), { 'content-type': 'application/x-www-form-urlencoded' })],
  ['reply of 20,001 characters', () => post(`/conversations/${c.id}/reply`, form({ body: 'x'.repeat(20_001) }))],
  ['file of 10 MB + 1 byte', () => post(`/users/${u.id}/startconversation`, fileForm('big.zip', 10 * 1024 * 1024 + 1))],
  ['file of a forbidden type', () => post(`/users/${u.id}/startconversation`, fileForm('run.exe', 10))],
  ['file name of 256 characters', () => post(`/users/${u.id}/startconversation`, fileForm(`${'n'.repeat(252)}.txt`, 10))],
  ['251 property operations', () => post(`/users/${u.id}/props`, form({ operations: JSON.stringify(Array.from({ length: 251 }, (_, i) => ({ op: 'update_or_create', key: `k${i}`, value: i }))) }))],
  ['quick reply of 301 characters', () => post(`/conversations/${c.id}/reply`, form({ body: 'x', actions: JSON.stringify([{ type: 'quick_reply', body: 'b'.repeat(301) }]) }))],
  ['random_id past 32 bits', () => post(`/conversations/${c.id}/reply`, form({ body: 'x', random_id: String(2 ** 32) }))],
  ['tag with a comma', () => post(`/conversations/${c.id}/tag`, form({ action: 'add', tag: 'a,b' }))],
  ['page size of 1000', async () => post(`/apps/${app.id}/conversations?paginate_count=1000`, '', {})],
  ['JSON body instead of a form', () => post(`/conversations/${c.id}/reply`, '{"body":"x"}', { 'content-type': 'application/json' })],
];
for (const [name, attempt] of oversized) {
  const before = footprint();
  const { status, error } = await attempt();
  record('size and limits', name, status >= 400 && error.length > 0, footprint() === before, `${status} ${error.slice(0, 70)}`);
}
// 4. Damaged state files on disk: Perch starts, keeps the damaged copy and says what happened.
for (const r of await damagedFileCases(sandbox)) record('damaged file', r.name, r.clearError, r.unchanged, r.detail);
await sandbox.close();

// 5. Input from outside the process: the browser host, the embedded demo server, the connect form.
await outsideInput(record);

for (const r of results) console.log(`${r.clearError && r.unchanged ? 'ok  ' : 'FAIL'} ${r.area.padEnd(16)} ${r.name.padEnd(50)} ${r.detail}`);
const clearErrors = results.filter((r) => r.clearError).length;
const unchanged = results.filter((r) => r.unchanged).length;
console.log(`\nbad input: ${results.length} tried, ${clearErrors} answered with a clear error, ${unchanged} left everything unchanged`);
console.log(JSON.stringify({ tried: results.length, clearErrors, unchanged }));
process.exit(clearErrors === results.length && unchanged === results.length ? 0 : 1);
