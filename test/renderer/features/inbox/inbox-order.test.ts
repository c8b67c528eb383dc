import { describe, expect, it } from 'vitest';
import { conversationKey } from '../../../../src/shared/accounts';
import type { AccountRow } from '../../../../src/shared/ipc/contract';
import { InboxIndex } from '../../../../src/renderer/src/features/inbox/inbox-index';
import { rowMatcher, VIEWS } from '../../../../src/renderer/src/features/inbox/inbox-filters';
import { compareOldestWaiting, outOfWaitingOrder } from '../../../../src/renderer/src/features/inbox/inbox-order';
import { inboxRow } from '../../../support/inbox-rows';

const A = 'demo';
const row = (id: number, fields: Partial<AccountRow> = {}): AccountRow => ({ ...inboxRow(id, fields), accountId: A });
const key = (id: number) => conversationKey(A, String(id));
const admins = new Map([[A, '7']]);

describe('oldest waiting first', () => {
  it('puts the longest wait on top, then the rest newest first', () => {
    const rows = [
      row(1, { waitingSince: null }),
      row(2, { waitingSince: 50 }),
      row(3, { waitingSince: 10 }),
      row(4, { waitingSince: null }),
      row(5, { waitingSince: 5, closed: true }),
    ];
    expect(rows.sort(compareOldestWaiting).map((r) => r.id)).toEqual(['3', '2', '5', '4', '1']);
  });

  it('holds still while rows change, takes newcomers at the end, and sorts again for a new key', () => {
    const inbox = new InboxIndex(VIEWS, admins);
    for (const [id, since] of [
      [1, 40],
      [2, 10],
      [3, 30],
      [4, null],
    ] as const)
      inbox.upsert(row(id, { waitingSince: since }));
    const accepts = rowMatcher('open', admins, '');
    const frozen = inbox.frozenOrder('unassigned');
    const ids = inbox.visible('list', accepts, frozen);
    expect(ids).toEqual([key(2), key(3), key(1), key(4)]);

    // The agent answers the top one and a new visitor writes: nothing moves under the cursor.
    inbox.upsert(row(2, { waitingSince: null, lastUpdate: 100 }));
    inbox.upsert(row(5, { waitingSince: 1 }));
    expect(inbox.visible('list', accepts, frozen)).toEqual([key(2), key(3), key(1), key(4), key(5)]);
    expect(outOfWaitingOrder(ids, inbox.rows)).toBe(true);
    // Closed away: it leaves the list, the others keep their order.
    inbox.upsert(row(3, { waitingSince: 30, closed: true }));
    expect(inbox.visible('list', accepts, frozen)).toEqual([key(2), key(1), key(4), key(5)]);
    // The same order for another list key (a minute later), and anew for a new sort key.
    expect(inbox.frozenOrder('unassigned')).toBe(frozen);
    expect(inbox.visible('list later', accepts, frozen)).toEqual([key(2), key(1), key(4), key(5)]);
    const again = inbox.visible('list again', accepts, inbox.frozenOrder('unassigned, sorted again'));
    expect(again).toEqual([key(5), key(1), key(2), key(4)]);
    expect(outOfWaitingOrder(again, inbox.rows)).toBe(false);
  });
});
