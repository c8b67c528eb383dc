import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/server';
import { compareIds } from '../../src/shared/api/ids';
import { raw, sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());

/** A conversation's place in the list: its time to the microsecond (objects show whole seconds) and ID. */
type Key = [number, string];
const keyOf = (c: { last_update: number; id: string }): Key => {
  const record = sbx.store.conversations.get(c.id)!;
  expect(c.last_update).toBe(Math.floor(record.lastUpdate));
  return [record.lastUpdate, c.id];
};
const desc = (a: Key, b: Key) => b[0] - a[0] || compareIds(b[1], a[1]);
const list = (query: string) => raw(sbx, `/v2/apps/101/conversations?include_not_assigned=true&${query}`);

/** What the server should list: every conversation with a user reply and no assistant. */
function expectedKeys(): Key[] {
  return [...sbx.store.conversations.values()]
    .filter((c) => c.appId === '101' && c.userReplies > 0 && c.assistantType === null)
    .map((c) => [c.lastUpdate, c.id] as Key)
    .sort(desc);
}

describe('version 2 cursor paging', () => {
  it('walks every conversation with before, newest first, without gaps or repeats', async () => {
    const seen: Key[] = [];
    let position: Key | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const res = await list(`paginate_count=17${position ? `&paginate_position=${JSON.stringify(position)}` : ''}`);
      seen.push(...res.data.map(keyOf));
      position = res.meta.next_before_position;
      expect(res.meta.next_after_position).toBeNull();
      // A page names where it ends, the last item's place; only an empty page says null.
      if (position) expect(position).toEqual(keyOf(res.data.at(-1)));
      if (!position) break;
    }
    expect(seen).toEqual(expectedKeys());
  });

  it('reads after a position in ascending pages and ends with an empty page naming no position', async () => {
    const all = expectedKeys();
    const middle = all[40]!;
    const res = await list(
      `paginate_direction=after&paginate_position=${JSON.stringify(middle)}&paginate_count=50&paginate_page_order=asc`,
    );
    expect(res.data.map(keyOf)).toEqual(all.slice(0, 40).reverse());
    expect(res.meta.next_after_position).toEqual(all[0]);
    const end = await list(`paginate_direction=after&paginate_position=${JSON.stringify(all[0])}&paginate_count=50`);
    expect(end.data).toEqual([]);
    expect(end.meta.next_after_position).toBeNull();
    const small = await list(
      `paginate_direction=after&paginate_position=${JSON.stringify(middle)}&paginate_count=5&paginate_page_order=asc`,
    );
    expect(small.data.map(keyOf)).toEqual(all.slice(35, 40).reverse());
    expect(small.meta.next_after_position).toEqual(all[35]);
  });

  it('answers around with up to half the count on each side and the element itself when including', async () => {
    const all = expectedKeys();
    const at = all[30]!;
    const res = await list(
      `paginate_direction=around&paginate_position=${JSON.stringify(at)}&paginate_count=10&paginate_including=true`,
    );
    expect(res.data.map(keyOf)).toEqual(all.slice(25, 36));
    expect(res.meta.next_before_position).toEqual(all[35]);
    expect(res.meta.next_after_position).toEqual(all[25]);
    const without = await list(`paginate_direction=around&paginate_position=${JSON.stringify(at)}&paginate_count=10`);
    expect(without.data.map(keyOf)).not.toContainEqual(at);
  });

  it('includes the element at the position only with paginate_including', async () => {
    const all = expectedKeys();
    const res = await list(`paginate_position=${JSON.stringify(all[3])}&paginate_count=2&paginate_including=true`);
    expect(res.data.map(keyOf)).toEqual([all[3], all[4]]);
  });

  it('enforces the page size limits and the direction values', async () => {
    for (const count of [0, 51]) {
      const res = await list(`paginate_count=${count}`);
      expect(res.meta).toMatchObject({ status: 400, error: 'BadRequest' });
    }
    expect((await list('paginate_direction=sideways')).meta.status).toBe(400);
    expect((await list('paginate_direction=around')).meta.error_message).toMatch(/needs a paginate_position/);
    expect((await list('paginate_position=notjson')).meta.status).toBe(400);
  });
});

describe('version 1 paging', () => {
  it('walks the list with after/next_after by last_update', async () => {
    const seen: string[] = [];
    let after: number | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const res = await raw(
        sbx,
        `/v1/apps/101/conversations?include_not_assigned=true&count=13${after !== null ? `&after=${after}` : ''}`,
      );
      seen.push(...res.data.map((c: { id: string }) => c.id));
      after = res.meta.next_after;
      if (after === null) break;
    }
    expect(seen).toEqual(expectedKeys().map((k) => k[1]));
  });

  it('orders a page ascending with page_order=asc', async () => {
    const res = await raw(sbx, '/v1/apps/101/conversations?include_not_assigned=true&count=5&page_order=asc');
    expect(res.data.map(keyOf)).toEqual(expectedKeys().slice(0, 5).reverse());
  });
});

describe('conversation list filters', () => {
  it('leaves out unassigned conversations unless include_not_assigned is set', async () => {
    const res = await raw(sbx, '/apps/101/conversations?paginate_count=50');
    expect(res.data.every((c: { assignee: unknown }) => c.assignee !== null)).toBe(true);
    const unassigned = await raw(sbx, '/apps/101/conversations?assigned=0&include_not_assigned=true&paginate_count=50');
    expect(unassigned.data.length).toBeGreaterThan(0);
    expect(unassigned.data.every((c: { assignee: unknown }) => c.assignee === null)).toBe(true);
  });

  it('filters by closed, channel and tags', async () => {
    const open = await list('closed=false&paginate_count=50');
    expect(open.data.every((c: { closed: boolean }) => !c.closed)).toBe(true);
    const channel = [...sbx.store.channels.values()].find((c) => c.appId === '101')!;
    const byChannel = await list(`channel=${channel.id}&paginate_count=50`);
    expect(byChannel.data.length).toBeGreaterThan(0);
    expect(byChannel.data.every((c: { channel: { id: string } }) => c.channel.id === channel.id)).toBe(true);
    const tagged = [...sbx.store.conversations.values()].find(
      (c) => c.appId === '101' && c.tags.length > 0 && c.userReplies > 0,
    )!;
    const byTag = await list(`tags=${encodeURIComponent(JSON.stringify([tagged.tags[0]]))}&paginate_count=50`);
    expect(byTag.data.map((c: { id: number }) => c.id)).toContain(tagged.id);
    expect(byTag.data.every((c: { tags: string[] }) => c.tags.includes(tagged.tags[0]!))).toBe(true);
    const untagged = await list('include_no_tags=true&paginate_count=50');
    expect(untagged.data.every((c: { tags: string[] }) => c.tags.length === 0)).toBe(true);
  });

  it('lists only conversations of the assistant with assistant_type', async () => {
    const res = await list('assistant_type=lead_bot&paginate_count=50');
    const expected = [...sbx.store.conversations.values()].filter(
      (c) => c.appId === '101' && c.assistantType === 'lead_bot',
    ).length;
    expect(expected).toBeGreaterThan(0);
    expect(res.data).toHaveLength(expected);
  });
});
