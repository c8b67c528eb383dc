import { describe, expect, it } from 'vitest';
import type { InboxRow } from '../../../../src/shared/inbox';
import {
  inView,
  matchesQuery,
  searchWords,
  tagsOf,
  unreadByView,
  visibleIds,
} from '../../../../src/renderer/src/features/inbox/inbox-filters';
import { inboxRow } from '../../../support/inbox-rows';

const row = (id: number, fields: Partial<InboxRow> = {}): InboxRow =>
  inboxRow(id, { lastUpdate: 1000 - id, unread: 0, ...fields });

describe('inbox views and search', () => {
  const me = '7';
  const rows = new Map<string, InboxRow>([
    ['1', row(1, { visitorName: 'Anna Petrova', preview: 'Where is my parcel?', unread: 2 })],
    ['2', row(2, { assignee: { id: me, name: 'Mark Ellis' }, tags: ['vip'], preview: 'Refund please' })],
    ['3', row(3, { assignee: { id: '9', name: 'Sofia Reyes' }, closed: true, channel: { id: '5', name: 'Returns' } })],
  ]);
  const order = ['1', '2', '3'];

  it('puts rows in the right views', () => {
    expect(order.filter((id) => inView(rows.get(id)!, 'unassigned', me))).toEqual(['1']);
    expect(order.filter((id) => inView(rows.get(id)!, 'mine', me))).toEqual(['2']);
    expect(order.filter((id) => inView(rows.get(id)!, 'open', me))).toEqual(['1', '2']);
    expect(order.filter((id) => inView(rows.get(id)!, 'closed', me))).toEqual(['3']);
  });

  it('a snoozed conversation leaves the open views for Snoozed, and counts its unread there', () => {
    const snoozed = new Map(rows).set('4', row(4, { snoozedUntil: 2_000_000_000_000, unread: 1 }));
    const all = [...order, '4'];
    for (const view of ['unassigned', 'mine', 'open', 'closed'] as const)
      expect(all.filter((id) => inView(snoozed.get(id)!, view, me))).not.toContain('4');
    expect(all.filter((id) => inView(snoozed.get(id)!, 'snoozed', me))).toEqual(['4']);
    expect(unreadByView(snoozed, ['unassigned', 'open', 'snoozed'], me)).toEqual([1, 1, 1]);
  });

  it('matches every word, case-insensitively, across visitor, preview, tags, assignee and channel', () => {
    expect(visibleIds(rows, order, 'open', me, 'PARCEL anna')).toEqual(['1']);
    expect(visibleIds(rows, order, 'open', me, 'vip')).toEqual(['2']);
    expect(visibleIds(rows, order, 'open', me, 'mark refund')).toEqual(['2']);
    expect(visibleIds(rows, order, 'closed', me, 'returns')).toEqual(['3']);
    expect(visibleIds(rows, order, 'open', me, 'parcel vip')).toEqual([]);
    expect(visibleIds(rows, order, 'open', me, '   ')).toEqual(['1', '2']);
    expect(matchesQuery(rows.get('3')!, searchWords('#3'))).toBe(true);
  });
});

describe('inbox filters', () => {
  const rows = new Map<string, InboxRow>([
    ['1', row(1, { channel: { id: '5', name: 'Sales' }, previewFromVisitor: true })],
    ['2', row(2, { channel: { id: '6', name: 'Support' }, previewFromVisitor: false })],
    ['3', row(3, { channel: { id: '5', name: 'Sales' }, previewFromVisitor: false })],
  ]);
  it('narrows to one channel and to unanswered conversations', () => {
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { channel: '5' })).toEqual(['1', '3']);
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { unansweredOnly: true })).toEqual(['1']);
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { channel: '6', unansweredOnly: true })).toEqual([]);
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { channel: null })).toEqual(['1', '2', '3']);
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { answeredOnly: true })).toEqual(['2', '3']);
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { answeredOnly: true, channel: '5' })).toEqual(['3']);
  });
});

describe('tag and delayed filters', () => {
  const now = 100_000;
  const rows = new Map<string, InboxRow>([
    ['1', row(1, { tags: ['vip', 'refund'], waitingSince: now - 301 })],
    ['2', row(2, { tags: ['refund'], waitingSince: now - 299 })],
    ['3', row(3, { tags: [], waitingSince: null })],
    ['4', row(4, { tags: ['vip'], waitingSince: now - 4000, closed: true })],
  ]);
  it('narrows to one tag, and lists the tags there are', () => {
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { tag: 'refund' })).toEqual(['1', '2']);
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { tag: 'vip' })).toEqual(['1']);
    expect(tagsOf(rows)).toEqual(['refund', 'vip']);
  });
  it('counts a conversation delayed once the visitor waited more than five minutes, and never when closed', () => {
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { delayedOnly: true, nowSeconds: now })).toEqual(['1']);
    expect(visibleIds(rows, ['1', '2', '3'], 'open', null, '', { delayedOnly: true, nowSeconds: now + 2 })).toEqual([
      '1',
      '2',
    ]);
    expect(visibleIds(rows, ['4'], 'closed', null, '', { delayedOnly: true, nowSeconds: now })).toEqual([]);
  });
});

describe('unread counts per view', () => {
  it('counts conversations with unread messages in each view in one pass', () => {
    const me = '7';
    const rows = new Map<string, InboxRow>([
      ['1', row(1, { unread: 2 })],
      ['2', row(2, { unread: 1, assignee: { id: me, name: 'Mark Ellis' } })],
      ['3', row(3, { unread: 0 })],
      ['4', row(4, { unread: 3, closed: true })],
      ['5', row(5, { unread: 1, assignee: { id: '9', name: 'Sofia Reyes' } })],
    ]);
    expect(unreadByView(rows, ['unassigned', 'mine', 'open', 'closed'], me)).toEqual([1, 1, 3, 1]);
  });
});
