import { describe, expect, it } from 'vitest';
import { compareRows, type InboxRow } from '../../src/shared/inbox';
import { InboxIndex } from '../../src/renderer/src/inbox-index';
import { rowMatcher, unreadByView, visibleIds } from '../../src/renderer/src/inbox-filters';
import type { ViewId } from '../../src/renderer/src/inbox-filters';

const VIEWS: ViewId[] = ['unassigned', 'mine', 'open', 'closed'];
const me = 7;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomRow(next: () => number, id: number, time: number): InboxRow {
  const assignee = next() < 0.4 ? null : { id: next() < 0.5 ? me : 9, name: 'Someone' };
  return {
    id,
    visitorId: id,
    visitorName: `Visitor ${id}`,
    preview: next() < 0.3 ? 'parcel refund' : 'hello',
    previewFromVisitor: next() < 0.5,
    lastUpdate: time,
    unread: next() < 0.5 ? 0 : 1 + Math.floor(next() * 3),
    assignee,
    tags: next() < 0.2 ? ['vip'] : [],
    closed: next() < 0.2,
    channel: null,
    waitingSince: null,
  };
}

describe('InboxIndex', () => {
  it('keeps order, unread counts and the list on screen equal to recomputing them, through thousands of changes', () => {
    const next = random(42);
    const inbox = new InboxIndex(VIEWS, me);
    const open = rowMatcher('open', me, 'parcel', {});
    const mineVip = rowMatcher('mine', me, '', { tag: 'vip' });
    // Both lists exist from the start, as the screen's list does: each then follows every change.
    let list = inbox.visible('open parcel', open);
    for (let step = 0; step < 3000; step++) {
      const id = 1 + Math.floor(next() * 400);
      // Times repeat on purpose: ties are broken by id.
      const time = Math.floor(next() * 500);
      if (next() < 0.05) inbox.remove(id);
      else inbox.upsert(randomRow(next, id, time));
      if (step === 1500) list = inbox.visible('mine vip', mineVip);
      const expectedOrder = [...inbox.rows.values()].sort(compareRows).map((r) => r.id);
      expect(inbox.order).toEqual(expectedOrder);
      expect(list).toEqual(
        visibleIds(
          inbox.rows,
          expectedOrder,
          step < 1500 ? 'open' : 'mine',
          me,
          step < 1500 ? 'parcel' : '',
          step < 1500 ? {} : { tag: 'vip' },
        ),
      );
    }
    expect(inbox.unreadCounts).toEqual(unreadByView(inbox.rows, VIEWS, me));
    expect(inbox.rows.size).toBeGreaterThan(300);
  });

  it('counts again for another administrator, and hands out a new counts array only when a count changed', () => {
    const inbox = new InboxIndex(VIEWS, me);
    const row = (id: number, fields: Partial<InboxRow>): InboxRow => ({
      id,
      visitorId: id,
      visitorName: '',
      preview: '',
      previewFromVisitor: true,
      lastUpdate: id,
      unread: 1,
      assignee: null,
      tags: [],
      closed: false,
      channel: null,
      waitingSince: null,
      ...fields,
    });
    inbox.upsert(row(1, { assignee: { id: 9, name: 'Other' } }));
    inbox.upsert(row(2, {}));
    expect(inbox.unreadCounts).toEqual([1, 0, 2, 0]);
    const counts = inbox.unreadCounts;
    inbox.upsert(row(2, { preview: 'changed' }));
    expect(inbox.unreadCounts).toBe(counts);
    inbox.setAdmin(9);
    expect(inbox.unreadCounts).toEqual([1, 1, 2, 0]);
    inbox.upsert(row(1, { assignee: { id: 9, name: 'Other' }, unread: 0 }));
    expect(inbox.unreadCounts).toEqual([1, 0, 1, 0]);
  });
});
