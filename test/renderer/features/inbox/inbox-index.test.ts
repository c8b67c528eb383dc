import { describe, expect, it } from 'vitest';
import { compareAccountRows, conversationKey } from '../../../../src/shared/accounts';
import type { AccountRow } from '../../../../src/shared/ipc/contract';
import { InboxIndex } from '../../../../src/renderer/src/features/inbox/inbox-index';
import { rowMatcher, unreadByView, visibleIds } from '../../../../src/renderer/src/features/inbox/inbox-filters';
import type { ViewId } from '../../../../src/renderer/src/features/inbox/inbox-filters';
import { inboxRow } from '../../../support/inbox-rows';

const VIEWS: ViewId[] = ['unassigned', 'mine', 'open', 'closed'];
const me = '7';
const A = 'account-00000000000000a1';
const B = 'account-00000000000000b2';
/** In each account, "Mine" is its own administrator: 7 in A, 9 in B. */
const admins = new Map([
  [A, me],
  [B, '9'],
]);
const keyOf = (row: AccountRow) => conversationKey(row.accountId, row.id);

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomRow(next: () => number, accountId: string, id: number, time: number): AccountRow {
  const assignee = next() < 0.4 ? null : { id: next() < 0.5 ? me : '9', name: 'Someone' };
  return {
    accountId,
    id: String(id),
    visitorId: String(id),
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
  it('keeps order, unread counts and the list on screen equal to recomputing them, through thousands of changes in two accounts', () => {
    const next = random(42);
    const inbox = new InboxIndex(VIEWS, admins);
    const open = rowMatcher('open', admins, 'parcel', {});
    const mineVip = rowMatcher('mine', admins, '', { tag: 'vip' });
    // Both lists exist from the start, as the screen's list does: each then follows every change.
    let list = inbox.visible('open parcel', open);
    for (let step = 0; step < 3000; step++) {
      // The two accounts share conversation IDs on purpose: each is a conversation of its own.
      const id = 1 + Math.floor(next() * 200);
      const accountId = next() < 0.5 ? A : B;
      // Times repeat on purpose: ties are broken by id, then by account.
      const time = Math.floor(next() * 500);
      if (next() < 0.05) inbox.remove(conversationKey(accountId, String(id)));
      else inbox.upsert(randomRow(next, accountId, id, time));
      if (step === 1500) list = inbox.visible('mine vip', mineVip);
      const expectedOrder = [...inbox.rows.values()].sort(compareAccountRows).map(keyOf);
      expect(inbox.order).toEqual(expectedOrder);
      expect(list).toEqual(
        visibleIds(
          inbox.rows,
          expectedOrder,
          step < 1500 ? 'open' : 'mine',
          admins,
          step < 1500 ? 'parcel' : '',
          step < 1500 ? {} : { tag: 'vip' },
        ),
      );
    }
    expect(inbox.unreadCounts).toEqual(unreadByView(inbox.rows, VIEWS, admins));
    expect(inbox.unreadCountsOf(A)).toEqual(unreadByView(inbox.rows, VIEWS, admins, A));
    expect(inbox.unreadCountsOf(B)).toEqual(unreadByView(inbox.rows, VIEWS, admins, B));
    expect(inbox.rows.size).toBeGreaterThan(300);
    // Both accounts hold conversations of the same IDs, as two rows.
    const shared = [...inbox.rows.values()].filter(
      (r) => r.accountId === A && inbox.rows.has(conversationKey(B, r.id)),
    );
    expect(shared.length).toBeGreaterThan(50);
  });

  it('counts again for another administrator, and hands out a new counts array only when a count changed', () => {
    const inbox = new InboxIndex(VIEWS, new Map([[A, me]]));
    const row = (id: number, fields: Partial<AccountRow>): AccountRow => ({
      ...inboxRow(id, { visitorName: '', ...fields }),
      accountId: A,
    });
    inbox.upsert(row(1, { assignee: { id: '9', name: 'Other' } }));
    inbox.upsert(row(2, {}));
    expect(inbox.unreadCounts).toEqual([1, 0, 2, 0]);
    const counts = inbox.unreadCounts;
    inbox.upsert(row(2, { preview: 'changed' }));
    expect(inbox.unreadCounts).toBe(counts);
    inbox.setAdmins(new Map([[A, '9']]));
    expect(inbox.unreadCounts).toEqual([1, 1, 2, 0]);
    inbox.upsert(row(1, { assignee: { id: '9', name: 'Other' }, unread: 0 }));
    expect(inbox.unreadCounts).toEqual([1, 0, 1, 0]);
  });
});

describe('InboxIndex over two accounts', () => {
  const row = (accountId: string, id: number, fields: Partial<AccountRow> = {}): AccountRow => ({
    ...inboxRow(id, { visitorName: '', lastUpdate: 100, ...fields }),
    accountId,
  });

  it('keeps two conversations of the same ID in two accounts as two rows, each changed and removed alone', () => {
    const inbox = new InboxIndex(VIEWS, admins);
    inbox.upsert(row(A, 5, { preview: 'from A' }));
    inbox.upsert(row(B, 5, { preview: 'from B' }));
    expect(inbox.rows.size).toBe(2);
    expect(inbox.order).toEqual([conversationKey(A, '5'), conversationKey(B, '5')]);
    inbox.upsert(row(B, 5, { preview: 'B again', lastUpdate: 200 }));
    expect(inbox.order).toEqual([conversationKey(B, '5'), conversationKey(A, '5')]);
    expect(inbox.rows.get(conversationKey(A, '5'))?.preview).toBe('from A');
    inbox.remove(conversationKey(A, '5'));
    expect(inbox.order).toEqual([conversationKey(B, '5')]);
    expect(inbox.unreadCounts).toEqual([1, 0, 1, 0]);
  });

  it('counts "Mine" by each row’s own account’s administrator, in all and per account', () => {
    const inbox = new InboxIndex(VIEWS, admins);
    // Administrator 7 is the agent in A; in B the agent is 9, and 7 is someone else.
    inbox.upsert(row(A, 1, { assignee: { id: '7', name: 'Me in A' } }));
    inbox.upsert(row(B, 1, { assignee: { id: '7', name: 'Other in B' } }));
    inbox.upsert(row(B, 2, { assignee: { id: '9', name: 'Me in B' } }));
    const mine = inbox.visible('mine', rowMatcher('mine', admins, ''));
    expect(mine).toEqual([conversationKey(B, '2'), conversationKey(A, '1')]);
    expect(inbox.unreadCounts).toEqual([0, 2, 3, 0]);
    expect(inbox.unreadCountsOf(A)).toEqual([0, 1, 1, 0]);
    expect(inbox.unreadCountsOf(B)).toEqual([0, 1, 2, 0]);
    // An account filter narrows the list to its rows.
    expect(inbox.visible('mine of B', rowMatcher('mine', admins, '', { account: B }))).toEqual([
      conversationKey(B, '2'),
    ]);
  });

  it('drops every row of an account no longer held', () => {
    const inbox = new InboxIndex(VIEWS, admins);
    inbox.upsert(row(A, 1));
    inbox.upsert(row(B, 1));
    inbox.upsert(row(B, 2));
    expect(inbox.keepAccounts(new Set([A]))).toBe(true);
    expect(inbox.order).toEqual([conversationKey(A, '1')]);
    expect(inbox.unreadCounts).toEqual([1, 0, 1, 0]);
    expect(inbox.unreadCountsOf(B)).toEqual([0, 0, 0, 0]);
    expect(inbox.keepAccounts(new Set([A]))).toBe(false);
  });
});
