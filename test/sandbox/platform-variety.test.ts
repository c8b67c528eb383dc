import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLead } from '../../src/sandbox/model';
import type { RunningSandbox } from '../../src/sandbox/server';
import { raw, sandbox } from '../support/sandbox';

/** The sandbox is no kinder than the platform: what the documentation says it sends, it sends. */
let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox({ conversationsPerApp: 20 });
});
afterAll(() => sbx.close());

const open = () =>
  [...sbx.store.conversations.values()].filter((c) => c.appId === '101' && !c.closed && c.userReplies > 0);
const token = () => sbx.info.apps[0]!.token;

describe('what the simulator writes besides messages', () => {
  it('bot auto replies, votes and channel changes, with no direction on the wire', async () => {
    const c = open()[0]!;
    sbx.simulator.botReply(c);
    sbx.simulator.systemEvent(c, 'vote');
    sbx.simulator.systemEvent(c, 'channel_changed');
    const parts = (await raw(sbx, `/v2/conversations/${c.id}/parts?paginate_count=3`)).data as Record<
      string,
      unknown
    >[];
    expect(parts.map((p) => p.type)).toEqual(['channel_changed', 'vote', 'auto_reply']);
    expect(parts[2]!.from).toMatchObject({ type: 'bot', name: 'Assistant' });
    for (const part of parts) expect(part).not.toHaveProperty('direction');
  });
});

describe('removed conversations', () => {
  it('leave the lists and answer 400 LookupError', async () => {
    const c = open()[1]!;
    sbx.store.removeConversation(c.id);
    expect(await raw(sbx, `/v2/conversations/${c.id}`)).toMatchObject({
      status: 400,
      meta: { error: 'LookupError' },
    });
    const list = await raw(sbx, '/v2/apps/101/conversations?include_not_assigned=true&paginate_count=50');
    expect((list.data as { id: string }[]).map((x) => x.id)).not.toContain(c.id);
  });
});

describe('what public clients send', () => {
  it('a JSON body, and a GET whose parameters are in a form body', async () => {
    const c = open()[2]!;
    const json = await fetch(`${sbx.info.baseUrl}/v2/conversations/${c.id}/tag`, {
      method: 'POST',
      headers: { authorization: `Token ${token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'add', tag: 'from-json' }),
    });
    expect(json.status).toBe(200);
    expect(c.tags).toContain('from-json');
    // What PHP clients do: the token of a GET in a form body (fetch refuses a GET body, so plain http).
    const { statusCode, body } = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const form = new URLSearchParams({ auth_token: token() }).toString();
      const req = request(
        `${sbx.info.baseUrl}/v2/conversations/${c.id}`,
        {
          method: 'GET',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(form);
    });
    expect(statusCode, body).toBe(200);
    expect(body).toContain(c.id);
  });

  it('version 1 after=0 for the first page', async () => {
    const first = await raw(sbx, '/v1/apps/101/conversations?after=0&count=5');
    expect(first.status).toBe(200);
    expect((first.data as unknown[]).length).toBe(5);
  });

  it('the documented filter object, and a 400 for the old invented form', async () => {
    const lead = [...sbx.store.users.values()].find(
      (u) => u.appId === '101' && isLead(u) && typeof u.props.$email === 'string',
    )!;
    const filters = {
      type: 'and',
      filters: [{ type: 'str_contains', property_name: '$email', value: { value: String(lead.props.$email) } }],
    };
    const found = await raw(sbx, `/v2/apps/101/users?filters=${encodeURIComponent(JSON.stringify(filters))}`);
    expect((found.data.users as { id: string }[]).map((u) => u.id)).toContain(lead.id);
    const old = [{ prop: '$email', op: 'contains', value: 'x' }];
    expect((await raw(sbx, `/v2/apps/101/users?filters=${encodeURIComponent(JSON.stringify(old))}`)).status).toBe(400);
    const either = { type: 'or', filters: [...filters.filters, { type: 'known', property_name: '$phone', value: {} }] };
    const wider = await raw(sbx, `/v2/apps/101/users?filters=${encodeURIComponent(JSON.stringify(either))}`);
    expect(wider.data.total).toBeGreaterThanOrEqual(found.data.total);
  });
});

describe('users and messages as the documentation shows them', () => {
  it('sendmessage needs messages-manual-send-one and answers {conversation, message}', async () => {
    const user = [...sbx.store.users.values()].find((u) => u.appId === '101')!;
    const readOnly = sbx.info.limitedTokens.find((t) => t.appId === '101')!.token;
    const refused = await raw(sbx, `/v2/users/${user.id}/sendmessage`, { form: { body: 'Hi' }, token: readOnly });
    expect(refused).toMatchObject({ status: 403, meta: { error: 'PermissionDeniedError' } });
    const sent = await raw(sbx, `/v2/users/${user.id}/sendmessage`, { form: { body: 'Hi' } });
    expect(Object.keys(sent.data).sort()).toEqual(['conversation', 'message']);
    const conversation = await raw(sbx, `/v2/conversations/${sent.data.conversation}`);
    expect(conversation.data.message).toBe(sent.data.message);
  });

  it('an e-mail status object, events by type, tag objects, notes with their author, ISO dates', async () => {
    const user = [...sbx.store.users.values()].find(
      (u) => u.appId === '101' && typeof u.props.$email === 'string' && (u.events?.length ?? 0) > 0,
    )!;
    user.tags = ['vip'];
    user.props.$last_seen = 1700000000;
    const flags = 'email_status=true&events=true&tags=true&notes=true';
    const { data } = await raw(sbx, `/v2/users/${user.id}?${flags}`);
    expect(data.email_status).toMatchObject({ status: 'confirmed', id: user.id });
    expect(Array.isArray(data.events)).toBe(false);
    expect(Object.values(data.events as object)[0]).toHaveProperty('event_type');
    expect(data.tags).toEqual([{ name: 'vip' }]);
    expect(data.props.$last_seen).toBe('2023-11-14T22:13:20');
    const events = await raw(sbx, `/v2/users/${user.id}/events`);
    expect(events.data[0]).toMatchObject({ type: { name: expect.any(String) }, user: user.id });
  });
});

describe('the demo’s visitors', () => {
  it('who leave an e-mail as they write leave one a person would have, never their 64-bit ID', async () => {
    const anonymous = open().filter((c) => !sbx.store.users.get(c.userId)!.props.$email);
    expect(anonymous.length).toBeGreaterThan(0);
    for (let round = 0; round < 15; round++) for (const c of anonymous) sbx.simulator.respond(c);
    await new Promise((done) => setTimeout(done, 1700));
    const emails = anonymous.map((c) => sbx.store.users.get(c.userId)!).filter((u) => u.props.$email);
    expect(emails.length).toBeGreaterThan(0);
    for (const user of emails) {
      expect(String(user.props.$email)).not.toContain(user.id);
      expect(String(user.props.$email)).toMatch(/^[a-z]+[._]?[a-z]*\d{0,4}@mail\.example$/);
    }
  });
});
