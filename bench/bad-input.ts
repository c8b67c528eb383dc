// npm run bad-input: feeds Perch hostile and malformed input at every boundary and checks that
// each gets a clear error and changes nothing. Last line: {"tried":..,"clearErrors":..,"unchanged":..}
import { mkdtemp } from 'node:fs/promises';
import { dispatchToOne } from '../test/support/one-account';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { RecordingNotifier } from '../src/main/browser-host/host';
import { createUndiciTransport } from '../src/main/core/api/transport';
import type { HttpRequest, HttpTransport } from '../src/main/core/ports';
import { dispatchInvoke } from '../src/main/core/contract/contract-dispatch';
import { createWorkspace } from '../src/main/core/compose';
import {
  agentSettingsOf,
  applySettingsChange,
  jsonFileSettingsBackend,
  SettingsStore,
} from '../src/main/core/settings/settings';
import { startSandbox } from '../src/sandbox/server';
import type { AgentSettingsChange } from '../src/shared/settings';
import { damagedFileCases } from './damaged-files';
import { outsideInput } from './bad-input-outside';
import { hostileApiCases } from './bad-input-api';
import { faultCases } from './bad-input-faults';
import { realtimeCases } from './bad-input-realtime';
import { costCases } from './bad-input-cost';

const results: { area: string; name: string; clearError: boolean; unchanged: boolean; detail: string }[] = [];
const record = (area: string, name: string, clearError: boolean, unchanged: boolean, detail: string) =>
  results.push({ area, name, clearError, unchanged, detail });

const sandbox = await startSandbox({ port: 0, seed: 13, simulatorIntervalMs: false, realtime: false });
const app = sandbox.info.apps[0]!;

// 1. Hostile and malformed API responses, and single bad items in a list.
await hostileApiCases(sandbox, record);

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
const opened = createWorkspace(
  { id: 'demo', mode: 'sandbox', baseUrl: sandbox.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
  {
    notifier: new RecordingNotifier(),
    transport,
    realtime: false,
    dataDir: await mkdtemp(join(tmpdir(), 'perch-bad-')),
    openExternal: async () => {},
  },
);
await opened.workspace.start();
while (opened.workspace.inbox.health !== 'ok') await new Promise((r) => setTimeout(r, 20));
const someId = opened.workspace.inbox.snapshot().rows[0]!.id;
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
  ['conversation:snooze', [someId, 'tomorrow', '', null]],
  ['conversation:snooze', [someId, 1.5, '', null]],
  ['conversation:snooze', [someId, 4_102_444_800_000, 'x'.repeat(501), null]],
  ['conversation:newer', [someId, 'latest']],
  ['conversation:assign', [someId, 'everyone']],
  ['conversation:close', ['all']],
  ['outbox:retry', [{}]],
  ['inbox:try-now', ['now']],
  ['outbox:discard', ['x'.repeat(100)]],
  ['outbox:undo', [{ id: 'not a string' }]],
  ['outbox:undo-batch', ['../outbox.json']],
  ['conversation:bulk', ['batch-00000001', Array.from({ length: 100_000 }, () => someId), { kind: 'close' }]],
  ['conversation:bulk', ['batch-00000001', [someId], { kind: 'assign', adminId: 'everyone' }]],
  ['leads:page', [{ offset: 20_000, limit: 50 }]],
  ['leads:page', [{ offset: 0, limit: 10, filters: [{ prop: '$email' }] }]],
  ['visitor:get', [1]],
  ['visitor:get', ['1'.repeat(21)]],
  ['visitor:message', [1, '']],
  ['link:open', ['javascript:alert(document.cookie)']],
  ['link:open', ['file:///etc/passwd']],
  ['link:open', ['x'.repeat(5000)]],
  ['saved-replies:save', [{ title: 'x', body: 'y', accountId: null, buttons: [], html: '<b>' }]],
  ['saved-replies:save', [{ title: '', body: 'y', accountId: null, buttons: [] }]],
  ['saved-replies:remove', [42]],
  ['attachment:image', ['x'.repeat(3000)]],
  // Addresses no message of the account carried: the router, the cloud's metadata, a guessed file.
  ['attachment:image', ['https://192.168.1.1/router.png']],
  ['attachment:image', ['http://169.254.169.254/latest/meta-data/']],
  ['attachment:image', [`${sandbox.info.baseUrl}/files/1/${'0'.repeat(32)}/x.png`]],
  ['saved-replies:import', [{ perch: 'saved-replies' }]],
  [
    'conversation:reply',
    [
      {
        conversationId: someId,
        body: '',
        kind: 'reply',
        attachment: { name: 'setup.exe', type: 'application/octet-stream', data: 'TVo=' },
      },
    ],
  ],
  [
    'conversation:reply',
    [
      {
        conversationId: someId,
        body: 'x',
        kind: 'reply',
        attachment: { name: '../../.bashrc', type: 'text/plain', data: 'eA==' },
      },
    ],
  ],
  [
    'conversation:reply',
    [
      {
        conversationId: someId,
        body: 'x',
        kind: 'reply',
        attachment: { name: 'a.pdf', type: 'application/pdf', data: '<script>' },
      },
    ],
  ],
  [
    'conversation:reply',
    [
      {
        conversationId: someId,
        body: 'x',
        kind: 'reply',
        attachment: { name: 'big.zip', type: 'application/zip', data: 'A'.repeat(14_000_004) },
      },
    ],
  ],
  ['conversation:mark-read', [[]]],
  ['conversation:mark-read', [['all']]],
  ['visitor:edit-props', [1, []]],
  ['visitor:edit-props', [1, [{ op: 'drop_table', key: '$email' }]]],
  ['visitor:edit-props', [1, Array.from({ length: 251 }, () => ({ op: 'delete', key: 'x' }))]],
  ['visitor:unsubscribe', ['everyone']],
  // Names and types dressed up to slip past the attachment allow-list, and links hiding characters.
  ...[
    ['x.exe.', 'application/octet-stream'],
    ['x.exe\u200b', ''],
    ['disk.iso', 'application/x-iso9660-image'],
    ['notes.txt', 'text/html;charset=utf-8'],
    ['invoice\u202Efdp.exe', 'application/pdf'],
  ].map(([name, type]): [string, unknown] => [
    'conversation:reply',
    [{ conversationId: someId, body: 'x', kind: 'reply', attachment: { name, type, data: 'TVo=' } }],
  ]),
  ['link:open', ['https://example.com/\u202Egpj.exe']],
  ['draft:set', [someId, 'just text']],
  ['draft:set', [someId, { reply: 'x'.repeat(100_001), note: '' }]],
  ['draft:set', [someId, { reply: 'hi', note: '', send: true }]],
  ['draft:get', ['../outbox']],
];
for (const [channel, args] of badCalls) {
  const requests = transport.count;
  const outbox = opened.workspace.outbox.list().length;
  const result = await dispatchToOne(opened.workspace.handlers, channel, args);
  const clear = !result.ok && result.error.code === 'invalid-arguments' && result.error.message.length > 0;
  record(
    'IPC arguments',
    `${channel} ${JSON.stringify(args)?.slice(0, 40)}`,
    clear,
    transport.count === requests && opened.workspace.outbox.list().length === outbox,
    result.ok ? 'accepted!' : result.error.message.slice(0, 70),
  );
}
await opened.close();
await transport.close();

// A global shortcut without Ctrl, Alt, Cmd or Super would take a key from every app: refused at the boundary.
const settingsStore = new SettingsStore(
  jsonFileSettingsBackend(join(await mkdtemp(join(tmpdir(), 'perch-bad-settings-')), 'settings.json')),
);
await settingsStore.load();
const settingsHandlers = {
  'settings:update': async (change: AgentSettingsChange) =>
    agentSettingsOf(await settingsStore.update((s) => applySettingsChange(s, change, new Date()))),
};
for (const shortcut of ['A', 'Shift+A', 'F5', 'Ctrl+Shift']) {
  const before = settingsStore.get();
  const result = await dispatchInvoke(settingsHandlers, 'settings:update', [{ shortcut }]);
  const clear = !result.ok && result.error.code === 'invalid-arguments' && result.error.message.length > 0;
  record(
    'IPC arguments',
    `settings:update shortcut ${JSON.stringify(shortcut)}`,
    clear,
    isDeepStrictEqual(settingsStore.get(), before),
    result.ok ? 'accepted!' : result.error.message.slice(0, 70),
  );
}

// An inbox order Perch does not know is refused, the settings left as they were.
{
  const before = settingsStore.get();
  const result = await dispatchInvoke(settingsHandlers, 'settings:update', [{ inboxSort: 'random' }]);
  record(
    'IPC arguments',
    'settings:update inboxSort "random"',
    !result.ok && result.error.code === 'invalid-arguments',
    isDeepStrictEqual(settingsStore.get(), before),
    result.ok ? 'accepted!' : result.error.message.slice(0, 70),
  );
}

// A link argument that is no string or far too long, and zoom or spelling languages Perch does not offer: refused, nothing changed.
{
  let followed = 0;
  const linkHandlers = {
    'deep-link:open': async () => {
      followed += 1;
      return null;
    },
  };
  for (const args of [[`perch://open/demo/${'1'.repeat(5000)}`], [{ accountId: 'demo', conversationId: '1' }], []]) {
    const result = await dispatchInvoke(linkHandlers, 'deep-link:open', args);
    record(
      'IPC arguments',
      `deep-link:open ${JSON.stringify(args).slice(0, 40)}`,
      !result.ok && result.error.code === 'invalid-arguments',
      followed === 0,
      result.ok ? 'accepted!' : result.error.message.slice(0, 70),
    );
  }
  for (const change of [
    { zoomPercent: 1000 },
    { zoomPercent: 33 },
    { spellLanguages: ['xx'] },
    { spellLanguages: ['ru', 'ru'] },
  ]) {
    const before = settingsStore.get();
    const result = await dispatchInvoke(settingsHandlers, 'settings:update', [change]);
    record(
      'IPC arguments',
      `settings:update ${JSON.stringify(change)}`,
      !result.ok && result.error.code === 'invalid-arguments',
      isDeepStrictEqual(settingsStore.get(), before),
      result.ok ? 'accepted!' : result.error.message.slice(0, 70),
    );
  }
}

// Alert settings past their bounds (a repeat every second, an unknown sound, a volume over 100) are refused.
for (const alerts of [
  { escalation: { repeatSoundEvery: 1 } },
  { escalation: { bringForwardAfter: 86_400 } },
  { sounds: { message: 'siren' } },
  { volume: 101 },
]) {
  const before = settingsStore.get();
  const result = await dispatchInvoke(settingsHandlers, 'settings:update', [{ alerts }]);
  record(
    'IPC arguments',
    `settings:update alerts ${JSON.stringify(alerts)}`,
    !result.ok && result.error.code === 'invalid-arguments',
    isDeepStrictEqual(settingsStore.get(), before),
    result.ok ? 'accepted!' : result.error.message.slice(0, 70),
  );
}

// 3. Oversized bodies and files, and values past the specification's limits.
const c = [...sandbox.store.conversations.values()].find((x) => x.appId === app.id && !x.closed)!;
const u = [...sandbox.store.users.values()].find((x) => x.appId === app.id)!;
const footprint = () =>
  JSON.stringify([
    c.parts.length,
    c.tags,
    sandbox.store.conversations.size,
    sandbox.store.users.size,
    u.props,
    u.propsCustom,
  ]);
async function post(path: string, body: string | URLSearchParams | FormData, headers: Record<string, string> = {}) {
  const res = await fetch(`${sandbox.info.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Token ${app.token}`, ...headers },
    body,
  }).catch((e: Error) => e);
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
  [
    '17 MB request body',
    () =>
      post(`/conversations/${c.id}/reply`, form({ body: 'x'.repeat(17 * 1024 * 1024) }), {
        'content-type': 'application/x-www-form-urlencoded',
      }),
  ],
  ['reply of 20,001 characters', () => post(`/conversations/${c.id}/reply`, form({ body: 'x'.repeat(20_001) }))],
  ['file of 10 MB + 1 byte', () => post(`/users/${u.id}/startconversation`, fileForm('big.zip', 10 * 1024 * 1024 + 1))],
  ['file of a forbidden type', () => post(`/users/${u.id}/startconversation`, fileForm('run.exe', 10))],
  [
    'file name of 256 characters',
    () => post(`/users/${u.id}/startconversation`, fileForm(`${'n'.repeat(252)}.txt`, 10)),
  ],
  [
    '251 property operations',
    () =>
      post(
        `/users/${u.id}/props`,
        form({
          operations: JSON.stringify(
            Array.from({ length: 251 }, (_, i) => ({ op: 'update_or_create', key: `k${i}`, value: i })),
          ),
        }),
      ),
  ],
  [
    'quick reply of 301 characters',
    () =>
      post(
        `/conversations/${c.id}/reply`,
        form({ body: 'x', actions: JSON.stringify([{ type: 'quick_reply', body: 'b'.repeat(301) }]) }),
      ),
  ],
  [
    'random_id past 32 bits',
    () => post(`/conversations/${c.id}/reply`, form({ body: 'x', random_id: String(2 ** 32) })),
  ],
  ['tag with a comma', () => post(`/conversations/${c.id}/tag`, form({ action: 'add', tag: 'a,b' }))],
  ['page size of 1000', async () => post(`/apps/${app.id}/conversations?paginate_count=1000`, '', {})],
  // Public clients send JSON bodies and the sandbox takes them; a JSON body that is no object is refused.
  [
    'JSON body that is not an object',
    () => post(`/conversations/${c.id}/reply`, '["body","x"]', { 'content-type': 'application/json' }),
  ],
];
for (const [name, attempt] of oversized) {
  const before = footprint();
  const { status, error } = await attempt();
  record(
    'size and limits',
    name,
    status >= 400 && error.length > 0,
    footprint() === before,
    `${status} ${error.slice(0, 70)}`,
  );
}
// 4. Faults a red team found: a disk that refuses a reply, a page repeated, output gone.
await faultCases(sandbox, record);
// 4b. A broken or hostile Realtime Services server, and inputs whose cost is bounded.
await realtimeCases(sandbox, record);
await costCases(record);
// 5. Damaged state files on disk: Perch starts, keeps the damaged copy and says what happened.
for (const r of await damagedFileCases(sandbox)) record('damaged file', r.name, r.clearError, r.unchanged, r.detail);
await sandbox.close();

// 6. Input from outside the process: the browser host, the embedded demo server, the connect form.
await outsideInput(record);

for (const r of results)
  console.log(`${r.clearError && r.unchanged ? 'ok  ' : 'FAIL'} ${r.area.padEnd(16)} ${r.name.padEnd(50)} ${r.detail}`);
const clearErrors = results.filter((r) => r.clearError).length;
const unchanged = results.filter((r) => r.unchanged).length;
console.log(
  `\nbad input: ${results.length} tried, ${clearErrors} answered with a clear error, ${unchanged} left everything unchanged`,
);
console.log(JSON.stringify({ tried: results.length, clearErrors, unchanged }));
process.exit(clearErrors === results.length && unchanged === results.length ? 0 : 1);
