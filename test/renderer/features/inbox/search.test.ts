import { describe, expect, it } from 'vitest';
import type { AccountRow } from '../../../../src/shared/ipc/contract';
import type { VisitorProfile } from '../../../../src/shared/directory';
import { rowMatcher, VIEWS } from '../../../../src/renderer/src/features/inbox/inbox-filters';
import { matchesElsewhere } from '../../../../src/renderer/src/features/inbox/search-elsewhere';
import { SearchMemory } from '../../../../src/renderer/src/features/inbox/search-memory';
import { inboxRow } from '../../../support/inbox-rows';

const A = 'demo';
const row = (id: number, fields: Partial<AccountRow> = {}): AccountRow => ({ ...inboxRow(id, fields), accountId: A });
const admins = new Map([[A, '7']]);

describe('the search', () => {
  it('finds a visitor by e-mail, and a conversation by what Perch read of it and its visitor', () => {
    const memory = new SearchMemory();
    // Main's answer: conversation 1 holds "welcome10" and "&" (bits 0 and 1), conversation 4 only "&".
    const answer = {
      hits: [
        { accountId: A, conversationId: '1', words: 0b11 },
        { accountId: A, conversationId: '4', words: 0b10 },
      ],
      truncated: false,
    };
    expect(memory.receive(['welcome10', '&'], answer)).toBe(true);
    expect(memory.receive(['welcome10', '&'], answer)).toBe(false);
    const profile = { id: '2', props: { $phone: '+7 900 1234567' }, propsCustom: { plan: 'pro' }, tags: [] };
    expect(memory.rememberVisitor(A, profile as unknown as VisitorProfile)).toBe(true);
    const rows = [row(1, { preview: 'Anything else?' }), row(2), row(3, { visitorEmail: 'ann@example.com' })];
    const found = (query: string) =>
      rows.filter(rowMatcher('open', admins, query, { recall: memory.recall })).map((r) => r.id);
    expect(found('welcome10 &')).toEqual(['1']);
    // A part of a word main found is in the conversation's text too.
    expect(found('welcome')).toEqual(['1']);
    expect(found('1234567 pro')).toEqual(['2']);
    expect(found('ann@example')).toEqual(['3']);
    expect(rows.filter(rowMatcher('open', admins, 'welcome10')).map((r) => r.id)).toEqual([]);
  });

  it('says which other views hold matches the current one leaves out, with their whole count', () => {
    const rows = [
      row(1, { preview: 'refund', assignee: { id: '7', name: 'Me' } }),
      row(2, { preview: 'refund' }),
      row(3, { preview: 'refund', closed: true }),
      row(4, { preview: 'other', closed: true }),
    ];
    const where = (view: (typeof VIEWS)[number]) => matchesElsewhere(rows, VIEWS, view, admins, 'refund', {});
    expect(where('mine')).toEqual([
      { view: 'unassigned', count: 1 },
      { view: 'open', count: 2 },
      { view: 'closed', count: 1 },
    ]);
    // "All open" already shows what Unassigned and Mine hold.
    expect(where('open')).toEqual([{ view: 'closed', count: 1 }]);
    expect(matchesElsewhere(rows, VIEWS, 'open', admins, '', {})).toEqual([{ view: 'closed', count: 2 }]);
  });
});
