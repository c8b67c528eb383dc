import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchInvoke } from '../../../src/main/core/contract/contract-dispatch';
import { Outbox } from '../../../src/main/core/outbox/outbox';
import type { OutboxItem } from '../../../src/main/core/outbox/types';
import { Snoozes, type SnoozeFile } from '../../../src/main/core/snooze/snoozes';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { bulkHandlers } from '../../../src/main/core/outbox/bulk-handlers';
import type { HandledWorkspace } from '../../../src/main/core/workspace/handlers';
import type { ConversationRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { BULK_MAX } from '../../../src/shared/bulk';
import { FakeClock } from '../../support/fake-clock';
import { apiOn, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

const WINDOW_MS = 5000;
const HOUR = 3_600_000;

let sbx: RunningSandbox;
let clock: FakeClock;
let outbox: Outbox;
let snoozes: Snoozes;
let handlers: ReturnType<typeof bulkHandlers>;
let outboxFile: string;
let me: string;
let colleague: string;
let three: ConversationRecord[];

beforeEach(async () => {
  sbx = await sandbox();
  clock = new FakeClock();
  const app = sbx.info.apps[0]!;
  me = app.adminId;
  colleague = [...sbx.store.admins.values()].find((a) => a.appId === app.id && a.id !== me && a.type !== 'bot')!.id;
  three = [...sbx.store.conversations.values()].filter((r) => r.appId === app.id && !r.closed).slice(0, 3);
  for (const c of three) c.assigneeId = null;
  const dir = await mkdtemp(join(tmpdir(), 'perch-bulk-'));
  outboxFile = join(dir, 'outbox.json');
  outbox = new Outbox({
    api: apiOn(sbx),
    clock,
    file: new JsonFile<OutboxItem[]>(outboxFile),
    adminId: me,
    baseDelayMs: 5,
  });
  snoozes = new Snoozes({ file: new JsonFile<SnoozeFile>(join(dir, 'snoozes.json')), clock });
  const workspace = {
    outbox,
    snoozes,
    inbox: { conversation: () => undefined },
    options: { account: { adminId: me }, clock, undoWindowMs: WINDOW_MS },
  } as unknown as HandledWorkspace;
  handlers = bulkHandlers(workspace);
});
afterEach(async () => {
  outbox.stop();
  snoozes.stop();
  await sbx.close();
});

const settled = () => until(() => !outbox.busy && outbox.list().every((i) => i.state !== 'sending'));
const ids = () => three.map((c) => c.id);
const BATCH = '6f1c2a7e-0000-4000-8000-000000000001';

describe('bulk actions of the inbox', () => {
  it('close every conversation of the batch after the window, each once, with one save', async () => {
    const { items, undoUntil } = await handlers['conversation:bulk'](BATCH, ids(), { kind: 'close' });
    expect(items.map((i) => [i.action, i.batch, i.undoUntil])).toEqual(
      three.map((c) => [{ kind: 'close', conversationId: c.id }, BATCH, clock.now() + WINDOW_MS]),
    );
    expect(undoUntil).toBe(clock.now() + WINDOW_MS);
    // Saved before the answer: a crash now still closes them, once.
    const saved = JSON.parse(await readFile(outboxFile, 'utf8')) as OutboxItem[];
    expect(saved.map((i) => i.batch)).toEqual([BATCH, BATCH, BATCH]);
    await clock.advance(WINDOW_MS - 1);
    await settled();
    expect(three.map((c) => c.closed)).toEqual([false, false, false]);
    // A second close of the same conversations while the first is queued queues nothing.
    expect((await handlers['conversation:bulk'](BATCH, ids(), { kind: 'close' })).items).toEqual([]);
    await clock.advance(1);
    await until(() => three.every((c) => c.closed), { what: 'the three closes to land' });
    await clock.advance(60_000);
    await settled();
    expect(outbox.list()).toEqual([]);
  });

  it('Undo of the batch takes back every write still held, and leaves the server as it was', async () => {
    await handlers['conversation:bulk'](BATCH, ids(), { kind: 'assign', adminId: me });
    // A write of another batch is not taken back with it.
    const other = await handlers['conversation:bulk']('another-batch-0001', [three[0]!.id], {
      kind: 'tag',
      tag: 'vip',
    });
    expect(other.items).toHaveLength(1);
    await clock.advance(WINDOW_MS - 1);
    expect(await handlers['outbox:undo-batch'](BATCH)).toBe(3);
    expect(outbox.list().map((i) => i.batch)).toEqual(['another-batch-0001']);
    await clock.advance(60_000);
    await settled();
    expect(three.map((c) => c.assigneeId)).toEqual([null, null, null]);
    expect(three[0]!.tags).toContain('vip');
    // Too late: the tag has gone.
    expect(await handlers['outbox:undo-batch']('another-batch-0001')).toBe(0);
  });

  it('assign to a colleague and tag every conversation; a newer assign replaces a held one', async () => {
    await handlers['conversation:bulk'](BATCH, ids(), { kind: 'assign', adminId: me });
    await handlers['conversation:bulk']('batch-two-00001', ids(), { kind: 'assign', adminId: colleague });
    expect(outbox.list().map((i) => i.batch)).toEqual(['batch-two-00001', 'batch-two-00001', 'batch-two-00001']);
    await handlers['conversation:bulk']('batch-three-001', ids(), { kind: 'tag', tag: ' vip ' });
    await clock.advance(WINDOW_MS);
    await until(() => three.every((c) => c.assigneeId === colleague && c.tags.includes('vip')), {
      what: 'the assigns and tags to land',
    });
  });

  it('snooze every conversation with one save, and wake them all at once', async () => {
    const until1 = clock.now() + HOUR;
    const outcome = await handlers['conversation:bulk'](BATCH, ids(), { kind: 'snooze', until: until1 });
    expect(outcome).toEqual({ items: [], undoUntil: clock.now() + WINDOW_MS });
    expect(snoozes.list().map((s) => [s.conversationId, s.until])).toEqual(three.map((c) => [c.id, until1]));
    await handlers['conversation:bulk'](BATCH, ids(), { kind: 'wake' });
    expect(snoozes.list()).toEqual([]);
    await expect(handlers['conversation:bulk'](BATCH, ids(), { kind: 'snooze', until: clock.now() })).rejects.toThrow(
      'in the future',
    );
    await expect(
      handlers['conversation:bulk'](BATCH, ids(), { kind: 'snooze', until: clock.now() + 400 * 24 * HOUR }),
    ).rejects.toThrow('within a year');
    expect(snoozes.list()).toEqual([]);
  });

  it('Undo of a bulk snooze puts back each conversation’s own earlier snooze and wakes the others', async () => {
    const [earlier, other, fresh] = three.map((c) => c.id) as [string, string, string];
    const old = clock.now() + 3 * HOUR;
    await snoozes.snooze(earlier, old, 'call back on Monday', null);
    await snoozes.snooze(other, old + HOUR, '', null);
    const until1 = clock.now() + HOUR;
    await handlers['conversation:bulk'](BATCH, [earlier, fresh], { kind: 'snooze', until: until1 });
    expect(snoozes.get(earlier)?.until).toBe(until1);

    expect(await handlers['outbox:undo-batch'](BATCH)).toBe(2);
    expect(snoozes.get(earlier)).toEqual({
      conversationId: earlier,
      until: old,
      note: 'call back on Monday',
      seenPart: null,
    });
    expect(snoozes.get(fresh)).toBeUndefined();
    // A conversation outside the batch keeps its snooze; a second Undo finds nothing left.
    expect(snoozes.get(other)?.until).toBe(old + HOUR);
    expect(await handlers['outbox:undo-batch'](BATCH)).toBe(0);
    const file = JSON.parse(await readFile(join(outboxFile, '..', 'snoozes.json'), 'utf8')) as SnoozeFile;
    expect(file.map((s) => [s.conversationId, s.until]).sort()).toEqual(
      [
        [earlier, old],
        [other, old + HOUR],
      ].sort(),
    );
  });

  it('Undo of a bulk snooze after its window changes nothing', async () => {
    const until1 = clock.now() + HOUR;
    await handlers['conversation:bulk'](BATCH, ids(), { kind: 'snooze', until: until1 });
    await clock.advance(WINDOW_MS + 1);
    expect(await handlers['outbox:undo-batch'](BATCH)).toBe(0);
    expect(snoozes.list()).toHaveLength(3);
  });

  it('refuse a batch too long, an empty one, a bad batch ID or a tag with a comma before any write', async () => {
    // As main dispatches a call of the renderer: the account first, checked, then the workspace's handler.
    const all = {
      'conversation:bulk': (_account: string, ...args: Parameters<(typeof handlers)['conversation:bulk']>) =>
        handlers['conversation:bulk'](...args),
    } as unknown as Parameters<typeof dispatchInvoke>[0];
    const bad: unknown[][] = [
      [BATCH, [], { kind: 'close' }],
      [BATCH, Array.from({ length: BULK_MAX + 1 }, (_, i) => String(i + 1)), { kind: 'close' }],
      ['../../../etc', ids(), { kind: 'close' }],
      [BATCH, ids(), { kind: 'tag', tag: 'a,b' }],
      [BATCH, ids(), { kind: 'assign', adminId: 'everyone' }],
      [BATCH, ids(), { kind: 'delete' }],
      [BATCH, ids(), { kind: 'snooze', until: 'tomorrow' }],
    ];
    for (const args of bad)
      expect(
        await dispatchInvoke(all, 'conversation:bulk', ['demo', ...args]),
        JSON.stringify(args).slice(0, 80),
      ).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    expect(outbox.list()).toEqual([]);
    // The same call, well formed, goes through.
    expect(await dispatchInvoke(all, 'conversation:bulk', ['demo', BATCH, ids(), { kind: 'close' }])).toMatchObject({
      ok: true,
      value: { items: [{}, {}, {}] },
    });
  });
});
