import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Outbox } from '../../../src/main/core/outbox/outbox';
import type { OutboxItem } from '../../../src/main/core/outbox/types';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { InboxSync } from '../../../src/main/core/sync/inbox-sync';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { apiOn, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

const HOUR = 3_600_000;
let sbx: RunningSandbox;
let stop = () => {};
afterEach(async () => {
  stop();
  await sbx.close();
});

it('a clock stepped back an hour, then a focus, polls within one interval, not an hour later', async () => {
  sbx = await sandbox({ conversationsPerApp: 5 });
  const clock = new FakeClock();
  const app = sbx.info.apps[0]!;
  const sync = new InboxSync({ api: apiOn(sbx), clock, adminId: app.adminId, intervalMs: 5000 });
  stop = () => sync.stop();
  sync.start();
  await until(() => sync.health === 'ok', { what: 'the first read' });
  await clock.advance(1000);
  clock.jump(-HOUR);
  sync.setInterval(2000); // the window gains focus: the focused cadence
  expect(clock.nextDelay()).toBeLessThanOrEqual(2000);
});

it.each([
  ['an hour', HOUR],
  ['five minutes', 5 * 60_000],
])('an outbox retry waiting when the clock steps back %s is not put off by it', async (_, step) => {
  sbx = await sandbox({ conversationsPerApp: 5 });
  const clock = new FakeClock();
  const file = new JsonFile<OutboxItem[]>(join(await mkdtemp(join(tmpdir(), 'perch-step-')), 'outbox.json'));
  const outbox = new Outbox({
    api: apiOn(sbx),
    clock,
    file,
    adminId: sbx.info.apps[0]!.adminId,
    baseDelayMs: 30_000,
    random: () => 1,
  });
  stop = () => outbox.stop();
  const c = [...sbx.store.conversations.values()].find((x) => x.appId === '101' && !x.closed && x.userReplies > 0)!;
  sbx.faults.settings = { ...sbx.faults.settings, errorRate: 1, errorStatuses: [500] };
  await outbox.enqueue({ kind: 'reply', conversationId: c.id, body: 'after the step', note: false });
  await clock.advance(0);
  await until(() => outbox.list()[0]!.attempts === 1, { what: 'a failed try' });
  sbx.faults.settings = { ...sbx.faults.settings, errorRate: 0 };
  clock.jump(-step);
  // The retry's timer runs on a monotonic clock and fires as planned; the item it finds must be due.
  await clock.advance(60_000);
  // (Timers it sets meanwhile are due at once: a fake clock runs them only when moved.)
  await until(
    async () => {
      await clock.advance(0);
      return outbox.list().length === 0;
    },
    { what: 'the reply to land within a minute' },
  );
});

it('an undo window keeps its length across a step back: neither cut short nor put off', async () => {
  sbx = await sandbox({ conversationsPerApp: 5 });
  const clock = new FakeClock();
  const file = new JsonFile<OutboxItem[]>(join(await mkdtemp(join(tmpdir(), 'perch-step-')), 'outbox.json'));
  const outbox = new Outbox({ api: apiOn(sbx), clock, file, adminId: sbx.info.apps[0]!.adminId });
  stop = () => outbox.stop();
  const [c, d] = [...sbx.store.conversations.values()].filter((x) => x.appId === '101' && !x.closed);
  const first = await outbox.enqueue({ kind: 'close', conversationId: c!.id }, { undoMs: 5000 });
  await clock.advance(1000);
  clock.jump(-5 * 60_000);
  // Queued after the step, before the outbox looked at the clock again: its window is whole.
  const second = await outbox.enqueue({ kind: 'close', conversationId: d!.id }, { undoMs: 5000 });
  await clock.advance(1000);
  expect(outbox.list().map((i) => i.id)).toEqual([first.id, second.id]);
  expect(await outbox.undo(second.id)).toBe(true);
  await clock.advance(3000);
  await until(
    async () => {
      await clock.advance(0);
      return outbox.list().length === 0;
    },
    { what: 'the first close to go when its window ends' },
  );
  expect(sbx.store.conversations.get(c!.id)!.closed).toBe(true);
  expect(sbx.store.conversations.get(d!.id)!.closed).toBe(false);
});
