import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenceOf, PRESENCE_TIMEOUT_SECONDS } from '../../src/sandbox/present-user';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { TypingEvent } from '../../src/sandbox/store';
import { raw, sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox({ simulatorIntervalMs: false });
});
afterAll(() => sbx.close());

describe('visitor simulator', () => {
  it('types before it writes, and presses a quick-reply button copying its meta_data', async () => {
    const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && !x.closed && x.userReplies > 0)!;
    const buttons = [{ type: 'quick_reply', body: 'Track my order', meta_data: { intent: 'track' } }];
    await raw(sbx, `/conversations/${c.id}/reply`, { form: { body: 'Pick one', actions: JSON.stringify(buttons) } });
    const typing: TypingEvent[] = [];
    const off = sbx.store.subscribe({ part: () => {}, conversation: () => {}, typing: (e) => typing.push(e) });
    const parts = c.parts.length;
    sbx.simulator.respond(c);
    expect(typing).toHaveLength(1);
    expect(typing[0]).toMatchObject({ from: 'user', conversation: { id: c.id } });
    expect(c.parts.length).toBe(parts);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    off();
    expect(c.parts.at(-1)).toMatchObject({ type: 'reply_user', body: 'Track my order', metaData: { intent: 'track' } });
  });

  it('brings visitors onto the site and takes them away', async () => {
    const offline = [...sbx.store.users.values()].filter((u) => u.appId === '101' && u.presence === 'offline').length;
    for (let i = 0; i < 20; i++) sbx.simulator.toggleVisitor('101');
    const now = [...sbx.store.users.values()].filter((u) => u.appId === '101' && u.presence === 'offline').length;
    expect(now).not.toBe(offline);
  });

  it('lets presence lapse without heartbeats', async () => {
    const u = [...sbx.store.users.values()].find((x) => x.appId === '101')!;
    await raw(sbx, `/users/${u.id}/setpresence`, { form: { presence: 'online' } });
    expect(presenceOf(u, u.lastHeartbeat! + 10)).toBe('online');
    expect(presenceOf(u, u.lastHeartbeat! + PRESENCE_TIMEOUT_SECONDS + 1)).toBe('offline');
  });

  it('pages events and active users in version 1 too', async () => {
    const u = [...sbx.store.users.values()].find((x) => x.appId === '101' && (x.events?.length ?? 0) >= 2)!;
    const v1 = await raw(sbx, `/v1/users/${u.id}/events?count=1`);
    expect(v1.data).toHaveLength(1);
    expect(v1.meta.next_after).toBe(v1.data[0].id);
    const active = await raw(sbx, '/v1/apps/101/activeusers?count=2');
    expect(active.data).toHaveLength(2);
    expect(active.meta).toHaveProperty('next_after');
  });
});
