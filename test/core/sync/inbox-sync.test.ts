import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InboxSync } from '../../../src/main/core/sync/inbox-sync';
import type { InboxChange } from '../../../src/shared/ipc/contract';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import type { HttpTransport } from '../../../src/main/core/ports';
import { apiOn, CountingTransport, raw, sandbox } from '../../support/sandbox';

let sbx: RunningSandbox;
let transport: CountingTransport;
let clock: FakeClock;
let sync: InboxSync;

beforeEach(async () => {
  sbx = await sandbox();
  transport = new CountingTransport();
  clock = new FakeClock();
  sync = new InboxSync({
    api: apiOn(sbx, 0, transport),
    clock,
    adminId: sbx.info.apps[0]!.adminId,
    intervalMs: 3000,
    random: () => 0.5,
  });
});
afterEach(async () => {
  sync.stop();
  await transport.close();
  await sbx.close();
});

const visible = () =>
  [...sbx.store.conversations.values()].filter((c) => c.appId === '101' && c.userReplies > 0 && !c.assistantType);

describe('InboxSync', () => {
  it('reads the whole inbox, then an idle poll is one request with an empty page', async () => {
    await sync.initialSync();
    expect(
      sync
        .snapshot()
        .rows.map((r) => r.id)
        .sort(),
    ).toEqual(
      visible()
        .map((c) => c.id)
        .sort(),
    );
    transport.requests.length = 0;
    const changed = await sync.pollOnce();
    expect(changed).toBe(0);
    expect(transport.requests).toHaveLength(1);
    const url = new URL(transport.requests[0]!.url);
    expect(url.searchParams.get('paginate_direction')).toBe('after');
    expect(JSON.parse(url.searchParams.get('paginate_position')!)).toHaveLength(2);
  });

  it('emits the change and a visitor message when a visitor writes', async () => {
    await sync.initialSync();
    const changes: InboxChange[] = [];
    const messages: string[] = [];
    sync.events.on('change', (c) => changes.push(c));
    sync.events.on('visitor-message', (m) => messages.push(m.conversation.id));
    const target = visible().find((c) => !c.closed && c.assigneeId === null)!;
    const before = sync.snapshot().totals;
    const wasUnread = (sync.row(target.id)?.unread ?? 0) > 0;
    await raw(sbx, `/conversations/${target.id}/reply`, {
      form: { body: 'Are you there?', from_user: String(target.userId) },
    });
    await sync.pollOnce();
    expect(messages).toEqual([target.id]);
    const row = changes.at(-1)!.upserted.find((r) => r.id === target.id)!;
    expect(row).toMatchObject({ preview: 'Are you there?', previewFromVisitor: true });
    expect(row.unread).toBeGreaterThan(0);
    expect(sync.snapshot().rows[0]!.id).toBe(target.id);
    if (!wasUnread)
      expect(sync.snapshot().totals).toEqual({ ...before, all: before.all + 1, unassigned: before.unassigned + 1 });
  });

  it('pages through a burst larger than one page in a single poll', async () => {
    await sync.initialSync();
    const targets = visible().slice(0, 60);
    for (const c of targets) sbx.simulator.writeInto(c, 'burst');
    transport.requests.length = 0;
    const changed = await sync.pollOnce();
    expect(changed).toBe(60);
    expect(transport.requests).toHaveLength(2);
  });

  it('counts a conversation the agent has seen as read until something new arrives', async () => {
    await sync.initialSync();
    const target = visible().find((c) => !c.closed)!;
    sbx.simulator.writeInto(target, 'first');
    await sync.pollOnce();
    expect(sync.row(target.id)!.unread).toBeGreaterThan(0);
    sync.markSeen(target.id);
    expect(sync.row(target.id)!.unread).toBe(0);
    sbx.simulator.writeInto(target, 'second');
    await sync.pollOnce();
    expect(sync.row(target.id)!.unread).toBeGreaterThan(0);
  });

  it('polls on its interval and moves to signed-out when the token is revoked', async () => {
    const health: string[] = [];
    sync.events.on('health', (h) => health.push(h));
    sync.start();
    await clock.advance(0);
    await vitestSettle(() => sync.health === 'ok');
    expect(clock.nextDelay()).toBe(3000);
    sbx.store.tokens.clear();
    await clock.advance(3000);
    await vitestSettle(() => sync.health === 'signed-out');
    expect(health).toEqual(['ok', 'signed-out']);
    expect(clock.pending).toBe(0);
  });

  it('backs off on errors and reports offline when the server is gone', async () => {
    sync.start();
    await vitestSettle(() => sync.health === 'ok');
    await sbx.close();
    await clock.advance(3000);
    await vitestSettle(() => sync.health === 'offline');
    // attempt 1 with random 0.5: half of min(60 s, 3 s * 2)
    expect(clock.nextDelay()).toBe(3000);
    sbx = await sandbox();
  });
});

describe('InboxSync with polling alone', () => {
  it('runs one poll at a time, however often it is nudged during one, and none after stop', async () => {
    // Counts requests under way at once; answers are slow, so the nudges land during a poll.
    let now = 0;
    let most = 0;
    const counting: HttpTransport = {
      send: async (request) => {
        most = Math.max(most, ++now);
        try {
          return await transport.send(request);
        } finally {
          now -= 1;
        }
      },
      close: async () => {},
    };
    sync = new InboxSync({
      api: apiOn(sbx, 0, counting),
      clock,
      adminId: sbx.info.apps[0]!.adminId,
      intervalMs: 3000,
      random: () => 0.5,
      sweepReadsPerPoll: 0,
    });
    sync.start();
    await vitestSettle(() => sync.health === 'ok');
    sbx.faults.settings = { ...sbx.faults.settings, latencyMs: 40 };
    for (let i = 0; i < 5; i++) {
      await clock.advance(3000);
      sync.pollSoon();
      sync.setInterval(i % 2 ? 2000 : 3000);
      sync.pollSoon();
      await clock.advance(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(most).toBe(1);
    expect(clock.pending).toBe(1);
    sync.stop();
    expect(clock.pending).toBe(0);
  });

  it('notifies a visitor message that an assignment covered before the next poll', async () => {
    await sync.initialSync();
    const messages: string[] = [];
    sync.events.on('visitor-message', (m) => messages.push(m.part.body));
    const target = visible().find((c) => !c.closed && c.assigneeId === null)!;
    await raw(sbx, `/conversations/${target.id}/reply`, {
      form: { body: 'Anyone?', from_user: String(target.userId) },
    });
    await raw(sbx, `/conversations/${target.id}/assign`, { form: { admin: String(sbx.info.apps[0]!.adminId) } });
    await sync.pollOnce();
    await sync.pollOnce();
    expect(messages).toEqual(['Anyone?']);
  });

  it('keeps no cursor for a first read cut short, so the next start reads everything', async () => {
    const pages = apiOn(sbx, 0, transport).conversationsBefore({ includeNotAssigned: true }, undefined, 50);
    const first = (await pages.next()).value!;
    (sync as unknown as { merge(items: unknown[], source: string): void }).merge(first, 'initial');
    expect(sync.exportState().cursor).toBeNull();
    await sync.initialSync();
    expect(sync.exportState().cursor).not.toBeNull();
  });
});

async function vitestSettle(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
}
