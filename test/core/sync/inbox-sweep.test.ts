import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  InboxSweep,
  ROTATION_PAGE,
  SWEEP_READS_PER_POLL,
  VIEWED_STALE_MS,
} from '../../../src/main/core/sync/inbox-sweep';
import { NO_FAULTS } from '../../../src/sandbox/faults';
import type { RunningSandbox } from '../../../src/sandbox/server';
import type { Conversation } from '../../../src/shared/api/types';
import { FakeClock } from '../../support/fake-clock';
import { apiOn, CountingTransport, raw, sandbox } from '../../support/sandbox';

let sbx: RunningSandbox;
let transport: CountingTransport;
let clock: FakeClock;
let merged: Conversation[];
let sweep: InboxSweep;
let forgotten: string[];

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 40 });
  transport = new CountingTransport();
  clock = new FakeClock();
  merged = [];
  forgotten = [];
  let seq = 0;
  sweep = new InboxSweep({
    api: apiOn(sbx, 0, transport),
    clock,
    read: () => ++seq,
    merge: (items) => void merged.push(...items),
    forget: (id) => void forgotten.push(id),
  });
});
afterEach(async () => {
  await transport.close();
  await sbx.close();
});

const listed = () =>
  [...sbx.store.conversations.values()].filter((c) => c.appId === '101' && c.userReplies > 0 && !c.assistantType);
const readIds = () => new Set(merged.map((c) => c.id));
const pageReads = () => transport.requests.filter((r) => r.url.includes('paginate_direction=before')).length;
const polls = async (n: number) => {
  for (let i = 0; i < n; i++) await sweep.afterPoll();
};

describe('InboxSweep', () => {
  it('walks the whole inbox a page at a time within its budget, then starts over', async () => {
    const total = listed().length;
    const count = Math.ceil((total + 2 * ROTATION_PAGE) / SWEEP_READS_PER_POLL);
    await polls(count);
    expect(readIds()).toEqual(new Set(listed().map((c) => c.id)));
    // Never more than the budget: reads per poll, plus what one page may borrow.
    expect(merged.length).toBeLessThanOrEqual(count * SWEEP_READS_PER_POLL + ROTATION_PAGE);
    expect(merged.length).toBeGreaterThan(total);
    expect(pageReads()).toBe(transport.requests.length);
  });

  it('reads the rows the agent can see first, and again once their copy is old', async () => {
    const [a, b] = listed().slice(-2);
    sweep.setViewing([a!.id, b!.id]);
    await polls(10);
    expect(merged.map((c) => c.id)).toEqual([a!.id, b!.id]);

    await raw(sbx, `/conversations/${a!.id}/tag`, { form: { action: 'add', tag: 'vip' } });
    merged.length = 0;
    await polls(3);
    expect(merged.some((c) => c.id === a!.id)).toBe(false);
    await clock.advance(VIEWED_STALE_MS);
    await polls(6);
    expect(merged.find((c) => c.id === a!.id)?.tags).toContain('vip');
  });

  it('reads a row on screen again once its copy is old, whatever the wall clock did meanwhile', async () => {
    const [a] = listed().slice(-1);
    sweep.setViewing([a!.id]);
    await polls(10);
    expect(merged.map((c) => c.id)).toEqual([a!.id]);
    await raw(sbx, `/conversations/${a!.id}/tag`, { form: { action: 'add', tag: 'vip' } });
    merged.length = 0;
    // The wall clock steps back five minutes (a corrected time): the copy still ages as time passes.
    clock.jump(-5 * 60_000);
    await clock.advance(VIEWED_STALE_MS);
    await polls(6);
    expect(merged.find((c) => c.id === a!.id)?.tags).toContain('vip');
  });

  it('tells the inbox to forget a row on screen that the server no longer has', async () => {
    const [a, b] = listed().slice(-2);
    sweep.setViewing([a!.id, b!.id]);
    await polls(10);
    sbx.store.removeConversation(a!.id);
    await clock.advance(VIEWED_STALE_MS);
    await polls(6);
    expect(forgotten).toEqual([a!.id]);
    // Once forgotten it is no longer read: it is not asked for again.
    const asked = transport.requests.length;
    await clock.advance(VIEWED_STALE_MS);
    await polls(6);
    expect(transport.requests.slice(asked).some((r) => r.url.includes(`/conversations/${a!.id}`))).toBe(false);
  });

  it('keeps walking the whole inbox however many rows are on screen', async () => {
    sweep.setViewing(
      listed()
        .slice(0, 30)
        .map((c) => c.id),
    );
    await polls(130);
    expect(pageReads()).toBeGreaterThanOrEqual(2);
  });

  it('does not read again a row that a poll just brought', async () => {
    const [a] = listed();
    sweep.fresh(a!.id);
    sweep.setViewing([a!.id]);
    await polls(10);
    expect(merged).toEqual([]);
  });

  it("stops watching a conversation that is gone, and a failed read is not the poll's failure", async () => {
    sweep.setViewing(['99999999']);
    await polls(5);
    expect(merged).toEqual([]);
    sbx.faults.settings = { ...NO_FAULTS, errorRate: 1, errorStatuses: [503] };
    await expect(polls(30)).resolves.toBeUndefined();
    sbx.faults.settings = NO_FAULTS;
  });
});
