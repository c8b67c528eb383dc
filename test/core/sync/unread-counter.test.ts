import { afterEach, describe, expect, it } from 'vitest';
import { UnreadCounter } from '../../../src/main/core/sync/unread-counter';
import { InboxSync } from '../../../src/main/core/sync/inbox-sync';
import { unreadTotals, type InboxRow } from '../../../src/shared/inbox';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { inboxRow } from '../../support/inbox-rows';
import { apiOn, sandbox } from '../../support/sandbox';

let sbx: RunningSandbox | null = null;
afterEach(async () => {
  await sbx?.close();
  sbx = null;
});

describe('UnreadCounter', () => {
  it('follows a real inbox through a full read, visitor messages and reading, equal to counting every row', async () => {
    sbx = await sandbox();
    const me = sbx.info.apps[0]!.adminId;
    const sync = new InboxSync({ api: apiOn(sbx), clock: new FakeClock(), adminId: me, intervalMs: 3000 });
    const counter = new UnreadCounter(me);
    const rows = new Map<string, InboxRow>();
    sync.events.on('change', (change) => {
      for (const row of change.upserted) {
        rows.set(row.id, row);
        counter.update(row);
      }
    });
    await sync.initialSync();
    expect(counter.totals).toEqual(unreadTotals(rows.values(), me));
    expect(counter.totals.all).toBeGreaterThan(0);

    // A visitor writes in a read conversation, then the agent reads two unread ones.
    const read = [...rows.values()].find((r) => !r.closed && r.unread === 0)!;
    await fetch(`${sbx.info.baseUrl}/_sandbox/visitor-message`, {
      method: 'POST',
      headers: { 'x-sandbox-key': sbx.info.controlKey, 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId: read.id, body: 'still there?' }),
    });
    await sync.pollOnce();
    expect(rows.get(read.id)!.unread).toBeGreaterThan(0);
    const before = counter.totals.all;
    sync.markSeen(
      ...[...rows.values()]
        .filter((r) => !r.closed && r.unread > 0)
        .slice(0, 2)
        .map((r) => r.id),
    );
    expect(counter.totals.all).toBe(before - 2);
    expect(counter.totals).toEqual(unreadTotals(rows.values(), me));
    expect(counter.totals).toEqual(sync.snapshot().totals);
  });

  it('moves a conversation between counts as it is assigned, closed, read and removed', () => {
    const me = '7';
    const counter = new UnreadCounter(me);
    const row = (fields: Partial<InboxRow>): InboxRow => inboxRow(1, { unread: 2, ...fields });
    counter.update(row({}));
    expect(counter.totals).toEqual({ all: 1, mine: 0, unassigned: 1 });
    counter.update(row({ assignee: { id: me, name: 'Me' } }));
    expect(counter.totals).toEqual({ all: 1, mine: 1, unassigned: 0 });
    counter.update(row({ assignee: { id: '9', name: 'Other' } }));
    expect(counter.totals).toEqual({ all: 1, mine: 0, unassigned: 0 });
    counter.update(row({ closed: true }));
    expect(counter.totals).toEqual({ all: 0, mine: 0, unassigned: 0 });
    counter.update(row({ id: '2' }));
    counter.update(row({ id: '2', unread: 0 }));
    counter.update(row({ id: '3' }));
    counter.remove('3');
    counter.remove('3');
    expect(counter.totals).toEqual({ all: 0, mine: 0, unassigned: 0 });
  });
});
