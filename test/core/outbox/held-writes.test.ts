import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceHandlers } from '../../../src/main/core/contract/contract-dispatch';
import { Outbox } from '../../../src/main/core/outbox/outbox';
import type { OutboxItem } from '../../../src/main/core/outbox/types';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { createHandlers, type HandledWorkspace } from '../../../src/main/core/workspace/handlers';
import type { ConversationRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { apiOn, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

const WINDOW_MS = 5000;

let sbx: RunningSandbox;
let clock: FakeClock;
let outbox: Outbox;
let handlers: WorkspaceHandlers;
let me: string;
let colleague: string;
let c: ConversationRecord;
/** How many parts of each type the conversation had before the test: the demo's history has some. */
let before: Map<string, number>;

beforeEach(async () => {
  sbx = await sandbox();
  clock = new FakeClock();
  const app = sbx.info.apps[0]!;
  me = app.adminId;
  colleague = [...sbx.store.admins.values()].find((a) => a.appId === app.id && a.id !== me && a.type !== 'bot')!.id;
  c = [...sbx.store.conversations.values()].find((r) => r.appId === app.id && !r.closed && r.userReplies > 0)!;
  c.assigneeId = me;
  c.tags = ['refund'];
  before = new Map();
  for (const part of c.parts) before.set(part.type, (before.get(part.type) ?? 0) + 1);
  const file = new JsonFile<OutboxItem[]>(join(await mkdtemp(join(tmpdir(), 'perch-held-')), 'outbox.json'));
  outbox = new Outbox({ api: apiOn(sbx), clock, file, adminId: me, baseDelayMs: 5 });
  // The handlers these writes go through use only the outbox and the account's options.
  const workspace = {
    outbox,
    options: { account: { adminId: me }, clock, undoWindowMs: WINDOW_MS },
  } as unknown as HandledWorkspace;
  handlers = createHandlers(workspace);
});
afterEach(async () => {
  outbox.stop();
  await sbx.close();
});

/** Parts of the type the writes of this test made. */
const partsOf = (type: string) => c.parts.filter((p) => p.type === type).length - (before.get(type) ?? 0);
const settled = () => until(() => !outbox.busy && outbox.list().every((i) => i.state !== 'sending'));

describe('writes the agent may regret wait for their undo window', () => {
  it('an assign to a colleague or to no one is held; undo leaves the server as it was', async () => {
    const away = (await handlers['conversation:assign'](c.id, colleague))!;
    expect(away.undoUntil).toBe(clock.now() + WINDOW_MS);
    // A reply queued after it is not held back by it: it lands while the assign still waits.
    await handlers['conversation:reply']({ conversationId: c.id, kind: 'reply', body: 'One moment, please' });
    await clock.advance(0);
    await until(() => c.parts.some((p) => p.body === 'One moment, please'), { what: 'the reply to land' });
    await clock.advance(WINDOW_MS - 1);
    await settled();
    expect(c.assigneeId).toBe(me);
    expect(partsOf('assigned')).toBe(0);
    expect(await outbox.undo(away.id)).toBe(true);
    await clock.advance(60_000);
    await settled();
    expect(c.assigneeId).toBe(me);
    expect(partsOf('assigned')).toBe(0);

    const unassign = (await handlers['conversation:assign'](c.id, null))!;
    expect(unassign.undoUntil).toBe(clock.now() + WINDOW_MS);
  });

  it('an assign away not taken back lands once, after the window', async () => {
    const away = (await handlers['conversation:assign'](c.id, colleague))!;
    await clock.advance(WINDOW_MS - 1);
    await settled();
    expect(c.assigneeId).toBe(me);
    await clock.advance(1);
    await until(() => c.assigneeId === colleague, { what: 'the assign to land' });
    await clock.advance(60_000);
    await settled();
    expect(partsOf('assigned')).toBe(1);
    expect(await outbox.undo(away.id)).toBe(false);
  });

  it('assigning to oneself is sent at once, and replaces an assign away still held', async () => {
    await handlers['conversation:assign'](c.id, colleague);
    const mine = (await handlers['conversation:assign'](c.id, me))!;
    expect(mine.undoUntil ?? null).toBeNull();
    expect(outbox.list().map((i) => i.action)).toEqual([{ kind: 'assign', conversationId: c.id, adminId: me }]);
    await clock.advance(60_000);
    await settled();
    // The held assign away never went: the conversation stayed with the agent.
    expect(c.assigneeId).toBe(me);
    expect(partsOf('assigned')).toBe(0);
  });

  it('a tag removal is held and undone; removed once after the window; a tag added goes at once', async () => {
    const removal = (await handlers['conversation:tag'](c.id, 'refund', 'delete'))!;
    expect(removal.undoUntil).toBe(clock.now() + WINDOW_MS);
    await clock.advance(WINDOW_MS - 1);
    await settled();
    expect(c.tags).toEqual(['refund']);
    expect(await outbox.undo(removal.id)).toBe(true);
    await clock.advance(60_000);
    await settled();
    expect(c.tags).toEqual(['refund']);
    expect(partsOf('tag_deleted')).toBe(0);

    await handlers['conversation:tag'](c.id, 'refund', 'delete');
    // Removing it again while held queues nothing more.
    await handlers['conversation:tag'](c.id, 'refund', 'delete');
    expect(outbox.list()).toHaveLength(1);
    await clock.advance(WINDOW_MS);
    await until(() => c.tags.length === 0, { what: 'the removal to land' });
    await clock.advance(60_000);
    await settled();
    expect(partsOf('tag_deleted')).toBe(1);

    const added = (await handlers['conversation:tag'](c.id, 'vip', 'add'))!;
    expect(added.undoUntil ?? null).toBeNull();
    await clock.advance(0);
    await until(() => c.tags.includes('vip'), { what: 'the tag to be added at once' });
  });

  it('adding back a tag whose removal is held only takes the removal back', async () => {
    await handlers['conversation:tag'](c.id, 'refund', 'delete');
    expect(await handlers['conversation:tag'](c.id, 'refund', 'add')).toBeNull();
    expect(outbox.list()).toEqual([]);
    await clock.advance(60_000);
    await settled();
    expect(c.tags).toEqual(['refund']);
    expect(partsOf('tag_added') + partsOf('tag_deleted')).toBe(0);
  });
});

describe('Undo send: a reply waits as long as the agent chose', () => {
  let sendMs = 5000;
  beforeEach(() => {
    sendMs = 5000;
    const workspace = {
      outbox,
      options: { account: { adminId: me }, clock, undoWindowMs: WINDOW_MS, undoSendMs: () => sendMs },
    } as unknown as HandledWorkspace;
    handlers = createHandlers(workspace);
  });

  it('a reply is held for the window and undo leaves the visitor without it; a note goes at once', async () => {
    const reply = await handlers['conversation:reply']({ conversationId: c.id, kind: 'reply', body: 'Wrong customer' });
    expect(reply.undoUntil).toBe(clock.now() + 5000);
    // A note of another conversation is not held back by it.
    const other = [...sbx.store.conversations.values()].find((r) => r.appId === c.appId && r.id !== c.id)!;
    await handlers['conversation:reply']({ conversationId: other.id, kind: 'note', body: 'Elsewhere' });
    await clock.advance(0);
    await until(() => other.parts.some((p) => p.body === 'Elsewhere'), { what: 'the other note to land' });
    await clock.advance(4999);
    await settled();
    expect(c.parts.some((p) => p.body === 'Wrong customer')).toBe(false);
    expect(await handlers['outbox:undo'](reply.id)).toBe(true);
    await clock.advance(60_000);
    await settled();
    expect(c.parts.some((p) => p.body === 'Wrong customer')).toBe(false);
  });

  it('a note written during the window waits for the reply, so they land in the order written', async () => {
    await handlers['conversation:reply']({ conversationId: c.id, kind: 'reply', body: 'Checking now' });
    await clock.advance(1000);
    const note = await handlers['conversation:reply']({ conversationId: c.id, kind: 'note', body: 'Warehouse asked' });
    expect(note.undoUntil).toBeGreaterThan(clock.now() + 3000);
    await clock.advance(5000);
    await until(() => c.parts.some((p) => p.body === 'Warehouse asked'), { what: 'the note to land' });
    const bodies = c.parts.map((p) => p.body);
    expect(bodies.indexOf('Checking now')).toBeLessThan(bodies.indexOf('Warehouse asked'));
  });

  it('set to 0, a reply goes at once', async () => {
    sendMs = 0;
    const reply = await handlers['conversation:reply']({ conversationId: c.id, kind: 'reply', body: 'Right away' });
    expect(reply.undoUntil ?? null).toBeNull();
    await clock.advance(0);
    await until(() => c.parts.some((p) => p.body === 'Right away'), { what: 'the reply to land' });
  });
});
