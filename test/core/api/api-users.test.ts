import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/core/api/client';
import { pagesV1, pagesV2 } from '../../../src/main/core/api/paging';
import { UsersApi } from '../../../src/main/core/api/users-api';
import { isLead } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { apiOn, sandbox } from '../../support/sandbox';

let sbx: RunningSandbox;
let api: ApiClient;
let users: UsersApi;
beforeAll(async () => {
  sbx = await sandbox();
  api = apiOn(sbx);
  users = new UsersApi(api);
});
afterAll(() => sbx.close());

const appUsers = () => [...sbx.store.users.values()].filter((u) => u.appId === '101');

describe('paging iterators', () => {
  it('walk version 2 and version 1 lists to the end, each item once', async () => {
    const v2: string[] = [];
    for await (const page of pagesV2((position) =>
      api.listConversations({ includeNotAssigned: true }, { position, count: 13 }),
    ))
      v2.push(...page.map((c) => c.id));
    const v1: string[] = [];
    const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && x.parts.length >= 5)!;
    for await (const page of pagesV1((after) => api.listPartsV1(c.id, { after, count: 2 })))
      v1.push(...page.map((p) => p.id));
    expect(new Set(v2).size).toBe(v2.length);
    expect(v2.length).toBe(
      [...sbx.store.conversations.values()].filter((x) => x.appId === '101' && x.userReplies > 0 && !x.assistantType)
        .length,
    );
    expect(v1).toEqual(c.parts.map((p) => p.id).reverse());
  });

  it('reads every lead once through offset pages', async () => {
    const ids: string[] = [];
    for await (const page of users.leads({ limit: 17 })) ids.push(...page.map((l) => l.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(appUsers().filter(isLead).length);
  });
});

describe('UsersApi against the sandbox', () => {
  it('reads a user with flags, by platform ID or own identifier', async () => {
    const u = appUsers().find((x) => x.userId && (x.events?.length ?? 0) > 0)!;
    const full = await users.getUser(u.id, { events: true, propsCustom: true, emailStatus: true });
    // Events come as a dict keyed by event type ID (/objects/user).
    expect(Object.keys(full.events as object).length).toBeGreaterThan(0);
    expect(full).toHaveProperty('props_custom');
    expect((await users.getUser({ userId: u.userId! })).id).toBe(u.id);
    // An identifier that names nothing: 400 LookupError, which Perch reads as "not found".
    await expect(users.getUser({ userId: 'missing-user' })).rejects.toMatchObject({
      kind: 'not-found',
      details: { status: 400, apiError: 'LookupError' },
    });
  });

  it('changes properties and reports ignored operations', async () => {
    const u = appUsers()[0]!;
    const result = await users.setProps(u.id, [
      { op: 'update_or_create', key: 'tier', value: 'gold' },
      { op: 'update_or_create', key: '$sessions', value: 'lots' },
    ]);
    expect(result.affected).toEqual(['tier']);
    expect(result.ignored[0]).toMatchObject({ key: '$sessions', reason: expect.any(String) });
  });

  it('lists channels, active users, a user’s conversations and events', async () => {
    const channels = await users.channels();
    expect(channels[0]).toHaveProperty('not_read_count');
    await users.setPresence(appUsers()[1]!.id, 'online', { title: 'Pricing', url: 'https://lumen.example/pricing' });
    const active = await users.activeUsers({ count: 5 });
    expect(active.items[0]).toMatchObject({ id: appUsers()[1]!.id, presence_details: { page: 'Pricing' } });
    const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && x.userReplies > 0)!;
    expect((await users.userConversations(c.userId)).items.map((x) => x.id)).toContain(c.id);
    expect((await users.userConversationsV1(c.userId, { count: 50 })).items.map((x) => x.id)).toContain(c.id);
    await users.recordEvent(c.userId, 'Opened pricing', { plan: 'pro' });
    const events = await users.events(c.userId, { count: 50 }, 'Opened pricing');
    expect(events.items[0]).toMatchObject({ name: 'Opened pricing', props: { plan: 'pro' } });
  });

  it('unsubscribes, records consent, starts conversations and imports users', async () => {
    const withEmail = appUsers().find((x) => typeof x.props.$email === 'string' && x.emailStatus !== 'unsubscribed')!;
    await users.unsubscribeEmail(withEmail.id);
    expect(withEmail.emailStatus).toBe('unsubscribed');
    const consented = await users.recordConsent(withEmail.id, {
      ipAddress: '198.51.100.7',
      dataProcessing: true,
      email: 'x@y.example',
    });
    expect(consented.id).toBe(withEmail.id);
    const started = await users.startConversation(withEmail.id, {
      body: 'From the API',
      file: { name: 'photo.png', type: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) },
    });
    expect(sbx.store.conversations.get(started)!.parts[0]!.attachments[0]).toMatchObject({
      filename: 'photo.png',
      size: 4,
    });
    const sent = await users.sendMessage(withEmail.id, 'Hello from the team');
    expect(sbx.store.conversations.get(sent!)!.parts[0]).toMatchObject({
      body: 'Hello from the team',
      direction: 'a2u',
    });
    expect(await users.importUsers('user_id,$name\nimp-1,Ann\n')).toEqual({ created: 1, updated: 0, errors: [] });
  });

  it('sends a reply with an attachment and marks a conversation read', async () => {
    const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && !x.closed && x.userReplies > 0)!;
    const part = await api.reply(
      c.id,
      { body: 'Invoice attached' },
      { name: 'invoice.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('%PDF') },
    );
    expect(part.attachments[0]).toMatchObject({ filename: 'invoice.pdf', size: 4 });
    await api.markRead(c.id);
    expect(c.parts.filter((p) => p.direction === 'a2u').every((p) => p.read)).toBe(true);
  });
});
