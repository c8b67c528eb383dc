import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationRecord } from '../../src/sandbox/model';
import type { RunningSandbox } from '../../src/sandbox/server';
import { raw, sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());

const pick = (test: (c: ConversationRecord) => boolean) =>
  [...sbx.store.conversations.values()].find((c) => c.appId === '101' && c.userReplies > 0 && test(c))!;
const admins = () => [...sbx.store.admins.values()].filter((a) => a.appId === '101');

describe('assign', () => {
  it('assigns with a system part that echoes random_id, and unassigns with admin=0', async () => {
    const c = pick((x) => x.assigneeId === null && !x.closed);
    const admin = admins()[2]!;
    const res = await raw(sbx, `/conversations/${c.id}/assign`, {
      form: { admin: String(admin.id), random_id: '991' },
    });
    // Version 2 answers the system part it made as {id, part_group} (/webapi/conversations/assign).
    expect(Object.keys(res.data).sort()).toEqual(['id', 'part_group']);
    expect(c.parts.find((p) => p.id === res.data.id)).toMatchObject({
      type: 'assigned',
      randomId: 991,
      assigneeId: admin.id,
    });
    expect((await raw(sbx, `/conversations/${c.id}`)).data.assignee.id).toBe(admin.id);
    // The same assignee again changes nothing: empty data, no part.
    const parts = c.parts.length;
    expect((await raw(sbx, `/conversations/${c.id}/assign`, { form: { admin: String(admin.id) } })).data).toEqual({});
    expect(c.parts).toHaveLength(parts);
    // Version 1 answers the whole part.
    const v1 = await raw(sbx, `/v1/conversations/${c.id}/assign`, { form: { admin: String(admins()[1]!.id) } });
    expect(v1.data).toMatchObject({ type: 'assigned', assignee: { id: admins()[1]!.id } });
    const top = await raw(sbx, '/apps/101/conversations?include_not_assigned=true&paginate_count=1');
    expect(top.data[0].id).toBe(c.id);
    await raw(sbx, `/conversations/${c.id}/assign`, { form: { admin: '0' } });
    expect((await raw(sbx, `/conversations/${c.id}`)).data.assignee).toBeNull();
  });

  it('refuses an admin of another application', async () => {
    const c = pick((x) => !x.closed);
    const foreign = [...sbx.store.admins.values()].find((a) => a.appId === '102')!;
    const res = await raw(sbx, `/conversations/${c.id}/assign`, { form: { admin: String(foreign.id) } });
    expect(res.meta).toMatchObject({ status: 400, error: 'BadRequest' });
  });
});

describe('close', () => {
  it('closes with a system part; a visitor message reopens', async () => {
    const c = pick((x) => !x.closed);
    const res = await raw(sbx, `/conversations/${c.id}/close`, { form: { random_id: '5' } });
    expect(c.parts.find((p) => p.id === res.data.id)).toMatchObject({ type: 'closed', randomId: 5 });
    expect((await raw(sbx, `/conversations/${c.id}`)).data.closed).toBe(true);
    const closedList = await raw(sbx, '/apps/101/conversations?include_not_assigned=true&closed=true&paginate_count=1');
    expect(closedList.data[0].id).toBe(c.id);
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'one more thing', from_user: 'default_user' } });
    expect((await raw(sbx, `/conversations/${c.id}`)).data.closed).toBe(false);
  });
});

describe('tags', () => {
  it('adds and deletes by POST and by DELETE; version 2 refuses a tag twice, version 1 takes it', async () => {
    const c = pick((x) => x.tags.length === 0);
    const add = () => raw(sbx, `/conversations/${c.id}/tag`, { form: { action: 'add', tag: 'vip' } });
    const added = await add();
    expect(added.meta.status).toBe(200);
    expect(c.parts.find((p) => p.id === added.data.id)).toMatchObject({ type: 'tag_added', body: 'vip' });
    expect((await add()).meta).toMatchObject({ status: 400, error: 'ConversationTagAlreadyAssigned' });
    expect((await raw(sbx, `/v1/conversations/${c.id}/tag`, { form: { action: 'add', tag: 'vip' } })).meta.status).toBe(
      200,
    );
    expect((await raw(sbx, `/conversations/${c.id}`)).data.tags).toEqual(['vip']);
    await raw(sbx, `/conversations/${c.id}/tag`, { form: { action: 'delete', tag: 'vip' } });
    expect((await raw(sbx, `/conversations/${c.id}`)).data.tags).toEqual([]);
    await add();
    const del = await raw(sbx, `/conversations/${c.id}/tag?tag=vip`, { method: 'DELETE' });
    expect(del.meta.status).toBe(200);
    expect((await raw(sbx, `/conversations/${c.id}`)).data.tags).toEqual([]);
    const again = await raw(sbx, `/conversations/${c.id}/tag?tag=vip`, { method: 'DELETE' });
    expect(again.meta).toMatchObject({ status: 400, error: 'ConversationTagIsNotAssigned' });
    expect((await raw(sbx, `/v1/conversations/${c.id}/tag?tag=vip`, { method: 'DELETE' })).meta.status).toBe(200);
  });

  it('refuses a comma, an empty tag and a missing action', async () => {
    const c = pick(() => true);
    expect(
      (await raw(sbx, `/conversations/${c.id}/tag`, { form: { action: 'add', tag: 'a,b' } })).meta.error_message,
    ).toMatch(/comma/);
    expect((await raw(sbx, `/conversations/${c.id}/tag`, { form: { action: 'add', tag: ' ' } })).meta.status).toBe(400);
    expect((await raw(sbx, `/conversations/${c.id}/tag`, { form: { tag: 'x' } })).meta.error_message).toMatch(/action/);
  });
});

describe('markread and settyping', () => {
  it('marks admin parts read on the user side', async () => {
    const c = pick((x) => x.parts.some((p) => p.direction === 'a2u'));
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'unread by the visitor' } });
    expect(c.parts.at(-1)!.read).toBe(false);
    const res = await raw(sbx, `/conversations/${c.id}/markread`, { form: {} });
    expect(res.data).toEqual({});
    expect(c.parts.filter((p) => p.direction === 'a2u').every((p) => p.read)).toBe(true);
  });

  it('announces typing from a user and from an admin', async () => {
    const c = pick(() => true);
    const seen: string[] = [];
    const off = sbx.store.subscribe({
      part: () => {},
      conversation: () => {},
      typing: (e) => seen.push(`${e.from}:${e.body}`),
    });
    expect(
      (await raw(sbx, `/conversations/${c.id}/settyping`, { form: { body: 'Hel', from_user: String(c.userId) } })).data,
    ).toEqual({});
    await raw(sbx, `/conversations/${c.id}/settyping`, { form: { body: 'Checking…', from_admin: 'default_admin' } });
    off();
    expect(seen).toEqual(['user:Hel', 'admin:Checking…']);
  });
});
