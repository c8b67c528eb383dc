import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/main/core/api/client';
import { ApiError } from '../../../src/main/core/api/errors';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { apiOn, sandbox } from '../../support/sandbox';

let sbx: RunningSandbox;
let client: ApiClient;
beforeAll(async () => {
  sbx = await sandbox();
  client = apiOn(sbx);
});
afterAll(() => sbx.close());

async function expectApiError(promise: Promise<unknown>, kind: ApiError['kind']): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).kind).toBe(kind);
  return error as ApiError;
}

/** A real HTTP server on 127.0.0.1 that answers every request with the given response. */
async function hostile(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('ApiClient against the sandbox', () => {
  it('lists conversations with typed pages and cursors', async () => {
    const page = await client.listConversations({ includeNotAssigned: true }, { count: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.items[0]).toHaveProperty('last_update');
    // The page names where it ends: the last item's time to the microsecond (objects show whole seconds) and ID.
    const [at, id] = page.meta.next_before_position!;
    expect(id).toBe(page.items[4]!.id);
    expect(Math.floor(at as number)).toBe(page.items[4]!.last_update);
  });

  it('reads every conversation through the async iterator', async () => {
    let total = 0;
    for await (const items of client.conversationsBefore({ includeNotAssigned: true }, undefined, 30))
      total += items.length;
    const expected = [...sbx.store.conversations.values()].filter(
      (c) => c.appId === '101' && c.userReplies > 0 && !c.assistantType,
    ).length;
    expect(total).toBe(expected);
  });

  it('replies and reads the part back', async () => {
    const { items } = await client.listConversations({ includeNotAssigned: true, closed: false }, { count: 1 });
    const id = items[0]!.id;
    const part = await client.reply(id, {
      body: 'Hello from the client',
      randomId: 123456,
      fromAdmin: sbx.info.apps[0]!.adminId,
    });
    expect(part).toMatchObject({ body: 'Hello from the client', random_id: 123456, conversation: id });
    const parts = await client.listParts(id, { count: 1 });
    expect(parts.items[0]!.id).toBe(part.id);
    const partsV1 = await client.listPartsV1(id, { count: 1 });
    expect(partsV1.items[0]!.id).toBe(part.id);
  });

  it('turns error envelopes into typed errors', async () => {
    const wrongToken = new ApiClient({
      baseUrl: sbx.info.baseUrl,
      token: 'revoked',
      appId: '101',
      transport: createUndiciTransport(),
    });
    const auth = await expectApiError(wrongToken.listConversations(), 'auth');
    expect(auth.details).toMatchObject({ status: 401, apiError: 'NotAuthenticated' });
    const other = sbx.store.conversationIndex('102').at(0).id;
    await expectApiError(client.getConversation(other), 'permission');
    await expectApiError(client.getConversation('999999999'), 'not-found');
    await expectApiError(client.listConversations({}, { count: 99 }), 'bad-request');
  });

  it('rejects malformed responses with a clear error', async () => {
    const cases: [number, string, ApiError['kind'], RegExp][] = [
      [200, 'not json', 'malformed', /not JSON/],
      [200, '{"data": []}', 'malformed', /meta.status/],
      [200, '{"data": {"id": 1}, "meta": {"status": 200}}', 'malformed', /conversation list: expected an array/],
      [200, '{"data": {}, "meta": {"status": 500, "error": "InternalError"}}', 'server', /InternalError/],
      [502, '<html>bad gateway</html>', 'server', /502/],
    ];
    for (const [status, body, kind, message] of cases) {
      const server = await hostile(status, body);
      const c = new ApiClient({ baseUrl: server.url, token: 't', appId: '1', transport: createUndiciTransport() });
      const error = await expectApiError(c.listConversations(), kind);
      expect(error.message).toMatch(message);
      await server.close();
    }
  });

  it('leaves a bad item out of a list and reports it, keeping the page’s cursor', async () => {
    const server = await hostile(
      200,
      '{"data": [{"id": "x"}], "meta": {"status": 200, "next_before_position": [5, 9]}}',
    );
    const skipped: unknown[] = [];
    const c = new ApiClient({
      baseUrl: server.url,
      token: 't',
      appId: '1',
      transport: createUndiciTransport(),
      diagnostics: { skipped: (...args) => skipped.push(args) },
    });
    const page = await c.listConversations();
    expect(page).toMatchObject({ items: [], skipped: 1, meta: { next_before_position: [5, 9] } });
    expect(skipped).toEqual([['conversation', 'x', expect.stringMatching(/^id: /)]]);
    await server.close();
  });

  it('reads Retry-After on 429', async () => {
    const server = await hostile(429, '{"data":{},"meta":{"status":429,"error":"TooManyRequests"}}', {
      'retry-after': '7',
    });
    const c = new ApiClient({ baseUrl: server.url, token: 't', appId: '1', transport: createUndiciTransport() });
    const error = await expectApiError(c.listConversations(), 'rate-limited');
    expect(error.details.retryAfterMs).toBe(7000);
    expect(error.retryable).toBe(true);
    await server.close();
  });

  it('reports a refused connection as a network error', async () => {
    const server = await hostile(200, '{}');
    const url = server.url;
    await server.close();
    const c = new ApiClient({ baseUrl: url, token: 't', appId: '1', transport: createUndiciTransport() });
    await expectApiError(c.listConversations(), 'network');
  });
});
