import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLead, type UserRecord } from '../../src/sandbox/model';
import type { RunningSandbox } from '../../src/sandbox/server';
import { parseJsonLosslessly } from '../../src/shared/api/ids';
import { raw, sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());

const users = (test: (u: UserRecord) => boolean = () => true) =>
  [...sbx.store.users.values()].filter((u) => u.appId === '101' && test(u));
const ops = (operations: unknown[], extra: Record<string, string> = {}) => ({
  operations: JSON.stringify(operations),
  ...extra,
});

async function multipart(
  path: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${sbx.info.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Token ${sbx.info.apps[0]!.token}` },
    body: form,
  });
  return parseJsonLosslessly(await res.text()) as { data: any; meta: any };
}

describe('GET /users/{id}', () => {
  it('returns the default fields, and optional ones on request', async () => {
    const u = users((x) => isLead(x) && (x.events?.length ?? 0) > 0)[0]!;
    const plain = await raw(sbx, `/users/${u.id}`);
    expect(Object.keys(plain.data).sort()).toEqual(['app', 'id', 'presence', 'props', 'user_id']);
    const full = await raw(
      sbx,
      `/users/${u.id}?props_events=true&props_custom=true&presence_details=true&events=true&segments=true&notes=true&tags=true&email_status=true&timezone_offset=true`,
    );
    expect(full.data).toHaveProperty('props_custom');
    // A dict keyed by event type ID (/objects/user), each summary naming its type.
    const [typeId, summary] = Object.entries(full.data.events as Record<string, unknown>)[0]!;
    expect(summary).toMatchObject({ count: expect.any(Number), event_type: { id: typeId, name: expect.any(String) } });
    const key = Object.keys(full.data.props_events).find((k) => k.endsWith('_first'))!;
    expect(key).toMatch(/^\$event_\d+_first$/);
    expect(full.data.props_events[key]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(full.data).toHaveProperty('timezone_offset');
    const strings = await raw(sbx, `/users/${u.id}?convert_props_types=false`);
    expect(typeof strings.data.props.$sessions).toBe('string');
    const noProps = await raw(sbx, `/users/${u.id}?props=false`);
    expect(noProps.data).not.toHaveProperty('props');
  });

  it('finds users by the client’s own identifier and refuses unknown ones and other applications', async () => {
    const u = users((x) => x.userId !== null)[0]!;
    expect((await raw(sbx, `/users/${u.userId}?by_user_id=true`)).data.id).toBe(u.id);
    expect((await raw(sbx, '/users/nobody-here?by_user_id=true')).meta).toMatchObject({
      status: 400,
      error: 'LookupError',
    });
    const foreign = [...sbx.store.users.values()].find((x) => x.appId === '102')!;
    expect((await raw(sbx, `/users/${foreign.id}`)).meta).toMatchObject({
      status: 403,
      error: 'PermissionDeniedError',
    });
  });
});

describe('POST /users/{id}/props', () => {
  it('runs operations in order and reports affected, unchanged and ignored ones', async () => {
    const u = users()[0]!;
    u.propsCustom.visits = 1;
    const res = await raw(sbx, `/users/${u.id}/props`, {
      form: ops([
        { op: 'update_or_create', key: '$name', value: 'Ada Lovelace' },
        { op: 'add', key: 'visits', value: 2 },
        { op: 'add', key: 'interests', value: 'lamps' },
        { op: 'add', key: 'interests', value: ['desks'] },
        { op: 'update_or_create', key: 'zip', value: '12345' },
        { op: 'update_or_create', key: '$sessions', value: 'many' },
        { op: 'rename', key: 'x', value: 1 },
        { op: 'update_or_create', key: 'visits', value: 3 },
        { nope: true },
      ]),
    });
    expect(res.data).toEqual({ id: u.id, app: 101 });
    expect(res.meta.affected_props.sort()).toEqual(['$name', 'interests', 'visits', 'zip']);
    expect(res.meta.not_changed_props).toEqual([]);
    expect(res.meta.ignored_operations.map((o: { reason: string }) => o.reason)).toEqual([
      expect.stringMatching(/\$sessions takes a number/),
      expect.stringMatching(/unknown op rename/),
      expect.stringMatching(/needs "op" and "key"/),
    ]);
    expect(u.props.$name).toBe('Ada Lovelace');
    expect(u.propsCustom).toMatchObject({ visits: 3, interests: ['lamps', 'desks'], zip: 12345 });
    const again = await raw(sbx, `/users/${u.id}/props`, {
      form: ops([
        { op: 'update_or_create', key: '$name', value: 'Ada Lovelace' },
        { op: 'delete', key: 'zip' },
      ]),
    });
    expect(again.meta.not_changed_props).toEqual(['$name']);
    expect(u.propsCustom).not.toHaveProperty('zip');
    const keepString = await raw(sbx, `/users/${u.id}/props`, {
      form: ops([{ op: 'update_or_create', key: 'code', value: '007' }], { parse_custom_props_type: 'false' }),
    });
    expect(keepString.meta.affected_props).toEqual(['code']);
    expect(u.propsCustom.code).toBe('007');
  });

  it('limits a request to 250 operations and creates unknown users with by_user_id', async () => {
    const many = Array.from({ length: 251 }, (_, i) => ({ op: 'update_or_create', key: `k${i}`, value: i }));
    expect((await raw(sbx, `/users/${users()[0]!.id}/props`, { form: ops(many) })).meta.error_message).toMatch(/250/);
    const created = await raw(sbx, '/users/new-crm-42/props?by_user_id=true', {
      form: ops([{ op: 'update_or_create', key: '$email', value: 'new@mail.example' }]),
    });
    expect(sbx.store.users.get(created.data.id)).toMatchObject({
      userId: 'new-crm-42',
      props: { $email: 'new@mail.example' },
    });
  });
});

describe('email subscription', () => {
  it('follows the state machine of the specification', async () => {
    const noEmail = users((x) => !x.props.$email)[0]!;
    expect((await raw(sbx, `/users/${noEmail.id}/unsubscribeemail`, { form: {} })).meta).toMatchObject({
      status: 400,
      error: 'BadRequest',
    });
    const u = users((x) => typeof x.props.$email === 'string')[0]!;
    u.emailStatus = 'bounced';
    expect((await raw(sbx, `/users/${u.id}/unsubscribeemail`, { form: {} })).meta.error_message).toMatch(/bounced/);
    u.emailStatus = 'awaiting confirmation';
    expect((await raw(sbx, `/users/${u.id}/unsubscribeemail`, { form: {} })).data).toEqual({});
    expect(u.emailStatus).toBe('unsubscribed');
    await raw(sbx, `/users/${u.id}/props`, {
      form: ops([{ op: 'update_or_create', key: '$email', value: 'other@mail.example' }]),
    });
    expect(u.emailStatus).toBe('unsubscribed');
    await raw(sbx, `/users/${u.id}/props`, {
      form: ops([{ op: 'update_or_create', key: '$email', value: 'third@mail.example' }], { double_subscribe: 'true' }),
    });
    expect(u.emailStatus).toBe('subscribed');
    // The documented object and status names (/objects/emailstatus).
    expect((await raw(sbx, `/users/${u.id}?email_status=true`)).data.email_status).toMatchObject({
      status: 'confirmed',
      id: u.id,
    });
  });
});

describe('GET /apps/{id}/users (leads)', () => {
  it('lists leads only, sorted, with total and offset/limit paging', async () => {
    const leads = users(isLead);
    const page = await raw(sbx, '/apps/101/users?limit=50&sort_prop=$sessions&sort_order=asc');
    expect(page.data.total).toBe(leads.length);
    expect(page.data.users).toHaveLength(50);
    // Users without the property sort first in ascending order, then by value.
    const sessions: (number | undefined)[] = page.data.users.map(
      (u: { props: { $sessions?: number } }) => u.props.$sessions,
    );
    const missing = sessions.filter((v) => v === undefined).length;
    expect(sessions.slice(0, missing).every((v) => v === undefined)).toBe(true);
    const defined = sessions.slice(missing) as number[];
    expect(defined).toEqual([...defined].sort((a, b) => a - b));
    const ids = new Set<string>();
    for (let offset = 0; offset < leads.length; offset += 30) {
      const p = await raw(sbx, `/apps/101/users?limit=30&offset=${offset}`);
      for (const u of p.data.users) ids.add(u.id);
    }
    expect(ids.size).toBe(leads.length);
    expect(page.meta).toEqual({ status: 200 });
  });

  it('filters by properties and refuses offset + limit above 10000', async () => {
    const berlin = await raw(
      sbx,
      `/apps/101/users?limit=50&filters=${encodeURIComponent(
        JSON.stringify({
          type: 'and',
          filters: [{ type: 'str_eq', property_name: '$city', value: { value: 'Berlin' } }],
        }),
      )}`,
    );
    expect(berlin.data.users.length).toBeGreaterThan(0);
    expect(berlin.data.users.every((u: { props: { $city: string } }) => u.props.$city === 'Berlin')).toBe(true);
    expect((await raw(sbx, '/apps/101/users?offset=9990&limit=20')).meta).toMatchObject({
      status: 400,
      error: 'BadRequest',
    });
    expect((await raw(sbx, '/apps/101/users?limit=51')).meta.status).toBe(400);
    expect((await raw(sbx, `/apps/101/users?filters=${encodeURIComponent('[{"prop":1}]')}`)).meta.status).toBe(400);
  });
});

describe('channels and active users', () => {
  it('counts not-read and not-assigned conversations per channel', async () => {
    const res = await raw(sbx, '/apps/101/channels');
    const channel = res.data[0];
    const open = [...sbx.store.conversations.values()].filter((c) => c.channelId === channel.id && !c.closed);
    expect(channel.not_assigned_count).toBe(open.filter((c) => c.assigneeId === null).length);
    expect(channel.not_read_count).toBe(open.filter((c) => !c.read).length);
    expect(channel.operators[0]).toMatchObject({ type: 'admin' });
  });

  it('lists users on the site, newest session first, and only pages before', async () => {
    const u = users((x) => x.presence === 'offline')[0]!;
    expect(
      (
        await raw(sbx, `/users/${u.id}/setpresence`, {
          form: { presence: 'online', current_page: 'Pricing', current_url: 'https://lumen.example/pricing' },
        })
      ).data,
    ).toEqual({});
    const res = await raw(sbx, '/apps/101/activeusers?paginate_count=5');
    expect(res.data[0]).toMatchObject({
      id: u.id,
      presence: 'online',
      presence_details: { page: 'Pricing', url: 'https://lumen.example/pricing' },
    });
    expect(res.data).toHaveLength(5);
    const next = await raw(
      sbx,
      `/apps/101/activeusers?paginate_count=5&paginate_position=${JSON.stringify(res.meta.next_before_position)}`,
    );
    expect(next.data.map((x: { id: number }) => x.id)).not.toContain(u.id);
    expect((await raw(sbx, '/apps/101/activeusers?paginate_direction=after')).meta.status).toBe(400);
    expect((await raw(sbx, `/users/${u.id}/setpresence`, { form: { presence: 'away' } })).meta.status).toBe(400);
  });
});

describe('events, consent and a user’s conversations', () => {
  it('records events and lists them by name', async () => {
    const u = users()[3]!;
    await raw(sbx, `/users/${u.id}/events`, {
      form: { event: 'Downloaded invoice', params: JSON.stringify({ invoice: 'A-17' }) },
    });
    await raw(sbx, `/users/${u.id}/events`, { form: { event: 'Downloaded invoice' } });
    const list = await raw(sbx, `/users/${u.id}/events?filter_name=${encodeURIComponent('Downloaded invoice')}`);
    expect(list.data).toHaveLength(2);
    expect(list.data[1].props).toEqual({ invoice: 'A-17' });
    const withEvents = await raw(sbx, `/users/${u.id}?events=true`);
    const summaries = Object.values(withEvents.data.events as Record<string, { event_type: { name: string } }>);
    expect(summaries.find((e) => e.event_type.name === 'Downloaded invoice')).toMatchObject({ count: 2 });
    expect((await raw(sbx, `/users/${u.id}/events`, { form: { event: 'x'.repeat(256) } })).meta.status).toBe(400);
  });

  it('records consent with its details', async () => {
    const u = users()[4]!;
    const res = await raw(sbx, `/users/${u.id}/user_consent`, {
      form: { ip_address: '203.0.113.5', data_processing: 'true', 'contacts[email]': 'a@b.example' },
    });
    expect(res.data.id).toBe(u.id);
    expect(u.consents!.at(-1)).toMatchObject({
      ipAddress: '203.0.113.5',
      dataProcessing: true,
      contacts: { email: 'a@b.example' },
    });
  });

  it('pages a user’s conversations, without the user object in version 1', async () => {
    const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && x.userReplies > 0)!;
    const v2 = await raw(sbx, `/users/${c.userId}/conversations`);
    expect(v2.data.map((x: { id: number }) => x.id)).toContain(c.id);
    expect(v2.data[0]).toHaveProperty('user');
    const v1 = await raw(sbx, `/v1/users/${c.userId}/conversations?count=5`);
    expect(v1.data[0]).not.toHaveProperty('user');
    expect(v1.meta).toHaveProperty('next_after');
  });
});

describe('starting conversations', () => {
  it('starts one from the user with a body, or with a file of an allowed type and size', async () => {
    const u = users()[5]!;
    const res = await raw(sbx, `/users/${u.id}/startconversation`, { form: { body: 'I need help', random_id: '12' } });
    const c = sbx.store.conversations.get(res.data.id)!;
    expect(c.parts[0]).toMatchObject({ body: 'I need help', type: 'reply_user', randomId: 12 });
    const withFile = await multipart(
      `/users/${u.id}/startconversation`,
      { filename: 'receipt.pdf' },
      { name: 'receipt.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test') },
    );
    expect(sbx.store.conversations.get(withFile.data.id)!.parts[0]!.attachments[0]).toMatchObject({
      filename: 'receipt.pdf',
      mime_type: 'application/pdf',
      size: 13,
    });
    expect(
      (
        await multipart(
          `/users/${u.id}/startconversation`,
          { filename: 'tool.exe' },
          { name: 'tool.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ') },
        )
      ).meta.error_message,
    ).toMatch(/\.exe/);
    expect(
      (
        await multipart(
          `/users/${u.id}/startconversation`,
          {},
          { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('x') },
        )
      ).meta.error_message,
    ).toMatch(/filename/);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    expect(
      (
        await multipart(
          `/users/${u.id}/startconversation`,
          { filename: 'big.zip' },
          { name: 'big.zip', type: 'application/zip', bytes: big },
        )
      ).meta.error_message,
    ).toMatch(/10 MB/);
    expect((await raw(sbx, `/users/${u.id}/startconversation`, { form: { body: 'y'.repeat(20001) } })).meta.error).toBe(
      'ReplyTooBig',
    );
    expect((await raw(sbx, `/users/${u.id}/startconversation`, { form: {} })).meta.status).toBe(400);
  });

  it('sends a manual message from an admin, listed once the visitor answers', async () => {
    const u = users()[6]!;
    const res = await raw(sbx, `/users/${u.id}/sendmessage`, {
      form: { body: 'Need a hand with your order?', type: 'popup_small' },
    });
    const c = sbx.store.conversations.get(res.data.conversation)!;
    expect(c).toMatchObject({ type: 'popup_small', userId: u.id });
    const list = async () =>
      (await raw(sbx, '/apps/101/conversations?include_not_assigned=true&paginate_count=5')).data.map(
        (x: { id: string }) => x.id,
      );
    expect(await list()).not.toContain(c.id);
    sbx.simulator.writeInto(c, 'Yes please');
    expect(await list()).toContain(c.id);
  });

  it('sends a version 1 manual message as the administrator in from_admin; version 2 as the application', async () => {
    const u = users()[7]!;
    const app = sbx.store.apps.get(u.appId)!;
    const agent = [...sbx.store.admins.values()].find((a) => a.appId === u.appId && a.id !== app.defaultAdminId)!;
    const sent = await raw(sbx, `/v1/users/${u.id}/sendmessage`, {
      form: { body: 'From the agent', from_admin: String(agent.id) },
    });
    expect(sbx.store.conversations.get(sent.data.id)!.parts[0]!.fromAdminId).toBe(agent.id);
    // Version 2 documents no sender: the application's default one writes, whatever is asked.
    const v2 = await raw(sbx, `/v2/users/${u.id}/sendmessage`, {
      form: { body: 'From the application', from_admin: String(agent.id) },
    });
    expect(sbx.store.conversations.get(v2.data.conversation)!.parts[0]!.fromAdminId).toBe(app.defaultAdminId);
    const foreign = [...sbx.store.admins.values()].find((a) => a.appId !== u.appId)!;
    const before = sbx.store.conversations.size;
    expect(
      (await raw(sbx, `/v1/users/${u.id}/sendmessage`, { form: { body: 'Nope', from_admin: String(foreign.id) } }))
        .meta,
    ).toMatchObject({ status: 400, error: 'BadRequest' });
    expect(sbx.store.conversations.size).toBe(before);
  });

  it('imports users from CSV, reporting bad rows', async () => {
    const csv = 'user_id,$name,$email,plan\ncsv-1,Ivy,ivy@mail.example,pro\ncsv-2,Oz,,free\nbroken,row\n';
    const res = await multipart('/users/import', {}, { name: 'users.csv', type: 'text/csv', bytes: Buffer.from(csv) });
    expect(res.data).toEqual({ created: 2, updated: 0, errors: [{ line: 4, reason: 'expected 4 columns, got 2' }] });
    expect(users((x) => x.userId === 'csv-1')[0]).toMatchObject({
      props: { $name: 'Ivy', $email: 'ivy@mail.example' },
      propsCustom: { plan: 'pro' },
    });
    const again = await multipart(
      '/users/import',
      {},
      { name: 'users.csv', type: 'text/csv', bytes: Buffer.from('user_id,plan\ncsv-1,free\n') },
    );
    expect(again.data).toMatchObject({ created: 0, updated: 1 });
  });
});
