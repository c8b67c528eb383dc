import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/server';
import { raw, sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());

const openConversation = () =>
  [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed && c.userReplies > 0)!;

describe('POST /conversations/{id}/reply', () => {
  it('stores an admin reply, echoes random_id and updates the conversation', async () => {
    const c = openConversation();
    const before = c.parts.length;
    const adminId = sbx.info.apps[0]!.adminId;
    const res = await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'On its way!', from_admin: String(adminId), random_id: '2000000000' },
    });
    expect(res.meta.status).toBe(200);
    expect(res.data).toMatchObject({
      body: 'On its way!',
      type: 'reply_admin',
      random_id: 2000000000,
      conversation: c.id,
    });
    // No direction on the wire: it is deprecated (/objects/conversationpart).
    expect(res.data).not.toHaveProperty('direction');
    expect(res.data.from).toMatchObject({ id: adminId, type: 'admin' });
    const got = await raw(sbx, `/conversations/${c.id}`);
    expect(got.data).toMatchObject({ replied: true, read: true, unread_parts_count: 0, parts_count: before + 1 });
    expect(got.data.part_last.id).toBe(res.data.id);
    expect(got.data.last_update).toBe(res.data.created);
    // random_id is a signed 32-bit number: past 2^31 - 1 is refused.
    const big = await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'x', random_id: '2147483648' } });
    expect(big.meta.status).toBe(400);
  });

  it('puts a visitor message at the top of the list with an unread count', async () => {
    const c = openConversation();
    const unread = c.unreadPartsCount;
    const res = await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'Hello?', from_user: String(c.userId) },
    });
    expect(res.data).toMatchObject({ type: 'reply_user', from: c.userId });
    const top = await raw(sbx, '/apps/101/conversations?include_not_assigned=true&paginate_count=1');
    expect(top.data[0]).toMatchObject({ id: c.id, read: false, unread_parts_count: unread + 1 });
  });

  it('stores a note and keeps the conversation unanswered', async () => {
    const c = openConversation();
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'Waiting for you', from_user: 'default_user' } });
    const note = await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'Internal: VIP', type: 'note' } });
    expect(note.data.type).toBe('note');
    expect(c.waitingSince).not.toBeNull();
  });

  it('creates an assignment part first with auto_assign', async () => {
    const c = openConversation();
    const adminId = sbx.info.apps[0]!.adminId;
    const res = await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'Taking this', auto_assign: String(adminId), auto_assign_random_id: '77' },
    });
    expect(res.data.assign_part).toMatchObject({ type: 'assigned', random_id: 77, assignee: { id: adminId } });
    expect(BigInt(res.data.assign_part.id)).toBeLessThan(BigInt(res.data.id));
    expect(c.assigneeId).toBe(adminId);
  });

  it('refuses a body that is too long, bad random_id and bad quick replies', async () => {
    const c = openConversation();
    const parts = c.parts.length;
    const big = await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'x'.repeat(20001) } });
    expect(big.meta).toMatchObject({ status: 400, error: 'ReplyTooBig' });
    const badRandom = await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'x', random_id: String(2 ** 32) },
    });
    expect(badRandom.meta.error).toBe('BadRequest');
    const longButton = [{ type: 'quick_reply', body: 'b'.repeat(301) }];
    const badAction = await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'x', actions: JSON.stringify(longButton) },
    });
    expect(badAction.meta.error_message).toMatch(/300/);
    expect(c.parts.length).toBe(parts);
  });

  it('stores quick-reply buttons with their meta_data', async () => {
    const c = openConversation();
    const actions = [
      { type: 'quick_reply', body: 'Track my order', meta_data: { intent: 'track' } },
      { type: 'quick_reply', body: 'Talk to a human' },
    ];
    const res = await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'How can we help?', actions: JSON.stringify(actions) },
    });
    expect(res.data.actions).toEqual(actions);
  });
});

describe('GET /conversations/{id}/parts', () => {
  it('pages parts by ID in both versions', async () => {
    const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && x.parts.length >= 4)!;
    const ids = c.parts.map((p) => p.id);
    const v2 = await raw(sbx, `/v2/conversations/${c.id}/parts?paginate_count=2`);
    expect(v2.data.map((p: { id: number }) => p.id)).toEqual(ids.slice(-2).reverse());
    expect(v2.meta.next_before_position).toEqual([ids[ids.length - 2]]);
    const after = await raw(
      sbx,
      `/v2/conversations/${c.id}/parts?paginate_direction=after&paginate_position=[${ids[0]}]&paginate_page_order=asc`,
    );
    expect(after.data.map((p: { id: number }) => p.id)).toEqual(ids.slice(1));
    const v1 = await raw(sbx, `/v1/conversations/${c.id}/parts?count=2&after=${ids[ids.length - 1]}`);
    expect(v1.data.map((p: { id: number }) => p.id)).toEqual(ids.slice(-3, -1).reverse());
  });
});

describe('attachments and id_as_string', () => {
  it('stores a reply attachment sent as multipart, named by attachment_file_name', async () => {
    const c = openConversation();
    const form = new FormData();
    form.append('body', 'Here is the label');
    form.append('attachment_file_name', 'return-label.pdf');
    form.append('attachment', new Blob([Buffer.from('%PDF label')], { type: 'application/pdf' }), 'x.pdf');
    const res = await fetch(`${sbx.info.baseUrl}/conversations/${c.id}/reply`, {
      method: 'POST',
      headers: { authorization: `Token ${sbx.info.apps[0]!.token}` },
      body: form,
    });
    const json = (await res.json()) as any;
    expect(json.data.attachments[0]).toMatchObject({
      type: 'file',
      filename: 'return-label.pdf',
      mime_type: 'application/pdf',
      size: 10,
    });
    const only = new FormData();
    only.append('attachment', new Blob([Buffer.from('x')], { type: 'text/plain' }), 'note.txt');
    const fileOnly = (await (
      await fetch(`${sbx.info.baseUrl}/conversations/${c.id}/reply`, {
        method: 'POST',
        headers: { authorization: `Token ${sbx.info.apps[0]!.token}` },
        body: only,
      })
    ).json()) as any;
    expect(fileOnly.data).toMatchObject({ body: '', attachments: [{ filename: 'note.txt' }] });
  });

  it('turns identifiers into strings with id_as_string, leaving properties alone', async () => {
    const c = openConversation();
    const res = await raw(sbx, `/conversations/${c.id}?id_as_string=true`);
    expect(res.data.id).toBe(String(c.id));
    expect(res.data.user.id).toBe(String(c.userId));
    expect(typeof res.data.part_last.conversation).toBe('string');
    const user = await raw(sbx, `/users/${c.userId}?id_as_string=true`);
    expect(typeof user.data.id).toBe('string');
    if (typeof sbx.store.users.get(c.userId)!.props.$sessions === 'number')
      expect(typeof user.data.props.$sessions).toBe('number');
    expect(typeof res.meta.status).toBe('number');
  });
});
