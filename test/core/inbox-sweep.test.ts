import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InboxSweep, ROTATION_PAGE, SWEEP_READS_PER_POLL, VIEWED_STALE_MS } from '../../src/main/core/sync/inbox-sweep';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { Conversation } from '../../src/shared/api/types';
import { FakeClock } from '../support/fake-clock';
import { clientFor, CountingTransport, raw, sandbox } from '../support/sandbox';

let sbx: RunningSandbox;
let transport: CountingTransport;
let clock: FakeClock;
let merged: Conversation[];
let sweep: InboxSweep;

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 40 });
  transport = new CountingTransport();
  clock = new FakeClock();
  merged = [];
  sweep = new InboxSweep({ api: clientFor(sbx, 0, transport), clock, merge: (items) => void merged.push(...items) });
});
afterEach(async () => {
  await transport.close();
  await sbx.close();
});

const listed = () => [...sbx.store.conversations.values()].filter((c) => c.appId === 101 && c.userReplies > 0 && !c.assistantType);
const readIds = () => new Set(merged.map((c) => c.id));

describe('InboxSweep', () => {
  it('walks the whole inbox a page at a time within its budget, then starts over', async () => {
    const total = listed().length;
    const polls = Math.ceil((total + 2 * ROTATION_PAGE) / SWEEP_READS_PER_POLL);
    for (let i = 0; i < polls; i++) await sweep.afterPoll();
    expect(readIds()).toEqual(new Set(listed().map((c) => c.id)));
    // Never more than the budget: reads per poll, plus what one page may borrow.
    expect(merged.length).toBeLessThanOrEqual(polls * SWEEP_READS_PER_POLL + ROTATION_PAGE);
    expect(merged.length).toBeGreaterThan(total);
    expect(transport.requests.every((r) => r.url.includes('paginate_direction=before'))).toBe(true);
  });

  it('reads the rows the agent can see first, and again once their copy is old', async () => {
    const [a, b] = listed().slice(-2);
    sweep.setViewing([a!.id, b!.id]);
    for (let i = 0; i < 6; i++) await sweep.afterPoll();
    expect(merged.map((c) => c.id)).toEqual([a!.id, b!.id]);

    await raw(sbx, `/conversations/${a!.id}/tag`, { form: { action: 'add', tag: 'vip' } });
    merged.length = 0;
    for (let i = 0; i < 3; i++) await sweep.afterPoll();
    expect(merged.some((c) => c.id === a!.id)).toBe(false);
    await clock.advance(VIEWED_STALE_MS);
    for (let i = 0; i < 3; i++) await sweep.afterPoll();
    expect(merged.find((c) => c.id === a!.id)?.tags).toContain('vip');
  });

  it('stops watching a conversation that is gone, without failing', async () => {
    sweep.setViewing([99_999_999]);
    for (let i = 0; i < 3; i++) await sweep.afterPoll();
    expect(merged).toEqual([]);
  });
});
