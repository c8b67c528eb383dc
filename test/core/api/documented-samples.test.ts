import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/main/core/api/client';
import { ApiError } from '../../../src/main/core/api/errors';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import { UsersApi } from '../../../src/main/core/api/users-api';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { parseJsonLosslessly } from '../../../src/shared/api/ids';
import { channelSchema, senderSchema } from '../../../src/shared/api/schemas';
import { userEventSchema } from '../../../src/shared/api/user-schemas';
import { raw, sandbox } from '../../support/sandbox';

/** The documentation's samples (test/fixtures/platform/README.md names each page). */
const sample = (name: string) => readFileSync(`test/fixtures/platform/${name}`, 'utf8');
const sampleData = (name: string) => (parseJsonLosslessly(sample(name)) as { data: unknown }).data;

/** Answers each path with the sample the documentation shows for it, as text, big integers and all. */
const ROUTES: [RegExp, string, number?][] = [
  [/\/conversations\/\d+\/parts/, 'parts.json'],
  [/\/conversations\/\d+\/assign/, 'assign.json'],
  [/\/conversations\/\d+\/close/, 'close.json'],
  [/\/conversations\/\d+\/tag/, 'tag-post.json'],
  [/\/conversations\/\d+\/settyping/, 'settyping.json'],
  [/\/conversations\/\d+$/, 'conversation.json'],
  [/\/apps\/[^/]+\/conversations/, 'pagination-conversations.json'],
  [/\/users\/\d+\/sendmessage/, 'sendmessage.json'],
  [/\/users\/\d+\/conversations/, 'user-conversations.json'],
  [/\/users\/\d+\/events/, 'events-get.json'],
  [/\/users\/\d+$/, 'user-ids.json'],
  [/\/broken/, 'error.json', 400],
];

describe("Perch reads the documentation's samples", () => {
  let server: Server;
  let api: ApiClient;
  let users: UsersApi;
  const transport = createUndiciTransport({ proxyFromEnv: false });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const route = ROUTES.find(([pattern]) => pattern.test(path));
      res.writeHead(route?.[2] ?? (route ? 200 : 404), { 'content-type': 'application/json' });
      res.end(route ? sample(route[1]) : '{"data":{},"meta":{"status":404,"error":"Error404"}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    api = new ApiClient({ baseUrl, token: 'sample', transport });
    users = new UsersApi(api);
  });
  afterAll(async () => {
    await transport.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a conversation, its parts and a list cursor whose ID is 64-bit', async () => {
    const conversation = await api.getConversation('7100586');
    expect(conversation).toMatchObject({ id: '7100586', message: null, last_update: 1450345019 });
    expect(conversation.part_last).toMatchObject({ id: '7855356', from: '16588048', type: 'reply_user' });
    expect(conversation.last_admin).toMatchObject({ id: '24601', name: 'Maks' });
    const parts = await api.listParts('7179725');
    expect(parts.items.map((p) => p.id)).toEqual(['7936880']);
    expect(parts.meta.next_before_position).toEqual(['7936756'].map(Number));
    const list = await api.listConversations();
    expect(list.meta.next_before_position).toEqual([1684739969.358085, '1160406004324630614']);
  });

  it('what assign, close, tag and settyping answer', async () => {
    expect(await api.assign('1', '2')).toMatchObject({ id: '123', part_group: '345' });
    expect(await api.close('1')).toMatchObject({ id: '123', part_group: '345' });
    expect(await api.tag('1', 'vip', 'add')).toMatchObject({ id: '123', part_group: '345' });
    await expect(api.setTyping('1', 'typing')).resolves.toBeUndefined();
  });

  it("a user with a 64-bit ID, a user's conversations and events, and sendmessage", async () => {
    expect((await users.getUser('1448121617782670208')).id).toBe('1448121617782670208');
    const conversations = await users.userConversations('7722092');
    expect(conversations.items.map((c) => c.id)).toEqual(['7100586']);
    const events = await users.events('22735768');
    expect(events.items[0]).toMatchObject({ id: '335704586', name: 'MyEvent' });
    expect(await users.sendMessage('7722092', 'Hello')).toBe('1128184');
  });

  it('the error envelope, and the objects', async () => {
    const failure = await api.call('GET', '/broken', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'bad-request', details: { status: 400, apiError: 'BadRequest' } });
    expect(channelSchema.parse(JSON.parse(sample('channel-object.json')))).toMatchObject({ id: '5', droppable: true });
    expect(userEventSchema.parse(JSON.parse(sample('event-object.json')))).toMatchObject({ name: 'Order Created' });
    expect(senderSchema.parse(JSON.parse(sample('message-sender-object.json')))).toMatchObject({
      id: '12711',
      type: 'message_sender',
    });
  });
});

/** Every key the sample shows is in the sandbox's answer, with a value of the same JSON kind. */
function expectShapeOf(actual: unknown, documented: unknown, path = 'data'): void {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  // IDs read losslessly are strings where they were 64-bit numbers: the same kind on the wire.
  const wire = (v: unknown) => (typeof v === 'string' && /^\d{16,}$/.test(v) ? 'number' : kind(v));
  if (documented === null || actual === null) return; // null stands for a missing object either way
  expect(wire(actual), path).toBe(wire(documented));
  if (Array.isArray(documented) && Array.isArray(actual) && documented.length && actual.length)
    expectShapeOf(actual[0], documented[0], `${path}[0]`);
  else if (kind(documented) === 'object')
    for (const [key, value] of Object.entries(documented as object)) {
      if (key === 'props') continue; // the visitor's own data
      expect(actual as object, `${path}.${key}`).toHaveProperty(key);
      expectShapeOf((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
}

describe("the sandbox answers in the documentation's shapes", () => {
  let sbx: RunningSandbox;
  beforeAll(async () => {
    sbx = await sandbox({ conversationsPerApp: 10 });
  });
  afterAll(() => sbx.close());

  const someConversation = () =>
    [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed && c.userReplies > 0)!;

  it('a conversation, its parts and a user’s conversations', async () => {
    const c = [...sbx.store.conversations.values()].find(
      (x) => x.appId === '101' && x.parts.length < 20 && x.parts.some((p) => p.type === 'reply_admin'),
    )!;
    expectShapeOf((await raw(sbx, `/v2/conversations/${c.id}`)).data, sampleData('conversation.json'));
    // The sample's part is an administrator's reply: compared with one of the same type.
    const parts = (await raw(sbx, `/v2/conversations/${c.id}/parts`)).data as { type: string }[];
    const documented = sampleData('parts.json') as { type: string }[];
    const sameType = parts.filter((p) => p.type === documented[0]!.type);
    expect(sameType.length).toBeGreaterThan(0);
    expectShapeOf(sameType, documented);
    expectShapeOf((await raw(sbx, `/v2/users/${c.userId}/conversations`)).data, sampleData('user-conversations.json'));
  });

  it('assign, close, a tag, settyping, sendmessage and an event', async () => {
    const c = someConversation();
    // Someone it is not assigned to: assigning the same administrator again answers empty data.
    const admin = [...sbx.store.admins.values()].find((a) => a.appId === '101' && a.id !== c.assigneeId)!.id;
    const post = (path: string, form: Record<string, string>) => raw(sbx, path, { form });
    expectShapeOf((await post(`/v2/conversations/${c.id}/assign`, { admin })).data, sampleData('assign.json'));
    expectShapeOf(
      (await post(`/v2/conversations/${c.id}/tag`, { action: 'add', tag: 'x' })).data,
      sampleData('tag-post.json'),
    );
    expectShapeOf(
      (await post(`/v2/conversations/${c.id}/settyping`, { body: 'hi' })).data,
      sampleData('settyping.json'),
    );
    expectShapeOf((await post(`/v2/conversations/${c.id}/close`, {})).data, sampleData('close.json'));
    const sent = await post(`/v2/users/${c.userId}/sendmessage`, { body: 'Hello' });
    expectShapeOf(sent.data, sampleData('sendmessage.json'));
    await post(`/v2/users/${c.userId}/events`, { event: 'Ordered', params: '{}' });
    expectShapeOf((await raw(sbx, `/v2/users/${c.userId}/events`)).data, sampleData('events-get.json'));
  });
});
