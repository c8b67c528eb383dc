// The bad-input run's part about API responses: hostile or malformed answers against a synced
// inbox (nothing may change), and single bad items in a list (left out and counted).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { ApiClient } from '../src/main/core/api/client';
import { ApiError } from '../src/main/core/api/errors';
import { createUndiciTransport } from '../src/main/core/api/transport';
import type { HttpTransport } from '../src/main/core/ports';
import { systemClock } from '../src/main/core/runtime/clock';
import { Diagnostics } from '../src/main/core/log/diagnostics';
import { InboxSync } from '../src/main/core/sync/inbox-sync';
import type { RunningSandbox } from '../src/sandbox/server';

type Recorder = (area: string, name: string, clearError: boolean, unchanged: boolean, detail: string) => void;

export async function hostileApiCases(sandbox: RunningSandbox, record: Recorder): Promise<void> {
  const app = sandbox.info.apps[0]!;
  // 1. Hostile and malformed API responses: the synced inbox must stay exactly as it was.
  const goodApi = new ApiClient({
    baseUrl: sandbox.info.baseUrl,
    token: app.token,
    appId: app.id,
    transport: createUndiciTransport({ proxyFromEnv: false }),
  });
  const seeded = new InboxSync({ api: goodApi, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
  await seeded.initialSync();
  const state = seeded.exportState();
  const big = JSON.stringify({ data: [{ id: 1, padding: 'x'.repeat(3 * 1024 * 1024) }], meta: { status: 200 } });
  // Responses that are wrong as a whole must fail with a clear error; single bad items in a list
  // (marked `item`) are left out and counted instead, and the rest of the list is used; an item
  // with one damaged field (marked `kept`) is shown without it, and the damage counted.
  const hostile: [string, number, string, Record<string, string>?, ('item' | 'kept')?][] = [
    ['not JSON', 200, 'surprise'],
    ['HTML error page', 502, '<html><body>Bad gateway</body></html>'],
    ['empty body', 200, ''],
    ['no meta', 200, '{"data":[]}'],
    ['meta.status not a number', 200, '{"data":[],"meta":{"status":"200"}}'],
    ['error inside a 200', 200, '{"data":{},"meta":{"status":500,"error":"InternalError","error_message":"db down"}}'],
    ['data not a list', 200, '{"data":{"id":1},"meta":{"status":200}}'],
    [
      'id that is no whole number',
      200,
      '{"data":[{"id":"1x","created":1,"read":true,"replied":true,"closed":false,"unread_parts_count":0,"last_update":1}],"meta":{"status":200}}',
      {},
      'item',
    ],
    [
      'negative unread count',
      200,
      '{"data":[{"id":1,"created":1,"read":true,"replied":true,"closed":false,"unread_parts_count":-3,"last_update":1}],"meta":{"status":200}}',
      {},
      'kept',
    ],
    [
      'part created on no known day',
      200,
      '{"data":[{"id":1,"created":1,"read":true,"replied":true,"closed":false,"unread_parts_count":0,"last_update":1,"part_last":{"id":2,"created":"someday","conversation":1,"body":"x","type":"reply_user"}}],"meta":{"status":200}}',
      {},
      'kept',
    ],
    ['prototype pollution', 200, '{"data":[{"__proto__":{"polluted":true},"id":1}],"meta":{"status":200}}', {}, 'item'],
    ['truncated JSON', 200, '{"data":[{"id":1,'],
    [
      'revoked token',
      401,
      '{"data":{},"meta":{"status":401,"error":"NotAuthenticated","error_message":"The token is not valid"}}',
    ],
    ['rate limited', 429, '{"data":{},"meta":{"status":429,"error":"TooManyRequests"}}', { 'retry-after': '30' }],
    [
      'rate limited for 35 days',
      429,
      '{"data":{},"meta":{"status":429,"error":"TooManyRequests"}}',
      { 'retry-after': '3000000' },
    ],

    ['oversized response', 200, big],
  ];
  for (const [name, status, body, headers, scope] of hostile) {
    const server = createServer((_req, res) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const diagnostics = new Diagnostics();
    const api = new ApiClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 't',
      appId: app.id,
      diagnostics,
      transport: createUndiciTransport({ proxyFromEnv: false, maxResponseBytes: 2 * 1024 * 1024 }),
    });
    const sync = new InboxSync({ api, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
    sync.restore(structuredClone(state));
    const before = sync.snapshot();
    let error: unknown = null;
    await sync.pollOnce().catch((e: unknown) => (error = e));
    const polluted = ({} as Record<string, unknown>).polluted !== undefined;
    const unchanged = isDeepStrictEqual(sync.snapshot(), before) && !polluted;
    if (scope === 'kept') {
      const [damage] = diagnostics.report().skipped;
      const counted = error === null && (damage?.reason.endsWith('(kept without it)') ?? false);
      const others = (rows: typeof before.rows) => rows.filter((r) => r.id !== '1');
      const kept = sync.row('1') !== undefined && isDeepStrictEqual(others(sync.snapshot().rows), others(before.rows));
      record(
        'API list item',
        name,
        counted,
        kept,
        counted ? `kept, counted: ${damage!.kind} ${damage!.reason.slice(0, 60)}` : String(error),
      );
    } else if (scope === 'item') {
      const [skipped] = diagnostics.report().skipped;
      const counted = error === null && diagnostics.report().skippedTotal === 1 && (skipped?.reason.length ?? 0) > 0;
      record(
        'API list item',
        name,
        counted,
        unchanged,
        counted ? `left out, counted: ${skipped!.kind} ${skipped!.reason.slice(0, 60)}` : String(error),
      );
    } else {
      const clear = error instanceof ApiError && error.message.length > 0;
      record(
        'API response',
        name,
        clear,
        unchanged,
        clear ? `${(error as ApiError).kind}: ${(error as ApiError).message.slice(0, 70)}` : String(error),
      );
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // One damaged conversation among good ones in a real page: every one is shown, the sync stays
  // healthy, the damage is counted. The sandbox answers; the transport spoils one item on its way.
  {
    const inner = createUndiciTransport({ proxyFromEnv: false });
    const good = (state.conversations as { id: string }[]).map((c) => c.id);
    const badId = good[2]!;
    const spoiling: HttpTransport = {
      async send(request) {
        const response = await inner.send(request);
        const json = JSON.parse(response.body) as { data: unknown };
        if (!Array.isArray(json.data)) return response;
        json.data = json.data.map((c: { id: string }) => (c.id === badId ? { ...c, last_update: 'yesterday' } : c));
        return { ...response, body: JSON.stringify(json) };
      },
      close: () => inner.close(),
    };
    const diagnostics = new Diagnostics();
    const api = new ApiClient({
      baseUrl: sandbox.info.baseUrl,
      token: app.token,
      appId: app.id,
      transport: spoiling,
      diagnostics,
    });
    const sync = new InboxSync({ api, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
    sync.start();
    while (sync.health === 'starting') await new Promise((r) => setTimeout(r, 20));
    sync.stop();
    const shown = new Set(sync.snapshot().rows.map((r) => r.id));
    const goodShown = good.every((id) => shown.has(id));
    const counted = diagnostics.report().skippedTotal === 1 && diagnostics.report().skipped[0]?.id === String(badId);
    record(
      'API list item',
      'one damaged conversation among good ones',
      sync.health === 'ok' && counted,
      goodShown,
      `${shown.size} of ${good.length} shown, health ${sync.health}, damaged: ${diagnostics
        .report()
        .skipped.map((s) => `${s.kind} #${s.id} (${s.reason})`)
        .join(', ')}`,
    );
    await spoiling.close();
  }

  // A 5 MB visitor name and a value nested 100,000 deep, as a rewriting proxy could send them:
  // clipped where they enter, the rows shown, the sync healthy (docs/reliability.md).
  {
    const inner = createUndiciTransport({ proxyFromEnv: false });
    const [huge, deep] = (state.conversations as { id: string }[]).map((c) => c.id);
    const deepValue = `${'['.repeat(100_000)}0${']'.repeat(100_000)}`;
    const rewriting: HttpTransport = {
      async send(request) {
        const response = await inner.send(request);
        const json = JSON.parse(response.body) as { data: unknown };
        if (!Array.isArray(json.data)) return response;
        json.data = json.data.map((c: { id: string; user?: { props?: Record<string, unknown> } }) =>
          c.id === huge && c.user ? { ...c, user: { ...c.user, props: { $name: 'N'.repeat(5_000_000) } } } : c,
        );
        return { ...response, body: JSON.stringify(json).replace(`"id":"${deep}"`, `"id":"${deep}","x":${deepValue}`) };
      },
      close: () => inner.close(),
    };
    const api = new ApiClient({ baseUrl: sandbox.info.baseUrl, token: app.token, appId: app.id, transport: rewriting });
    const sync = new InboxSync({ api, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
    let error: unknown = null;
    await sync.initialSync().catch((e: unknown) => (error = e));
    const name = sync.row(huge!)?.visitorName ?? '';
    const shown = sync.row(huge!) !== undefined && sync.row(deep!) !== undefined;
    record(
      'API list item',
      'a 5 MB name and a value nested 100,000 deep',
      error === null && name.length <= 1001,
      shown,
      `name cut to ${name.length} characters; both rows shown: ${shown}`,
    );
    await rewriting.close();
  }
}
