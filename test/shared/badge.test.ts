import { describe, expect, it } from 'vitest';
import { badgeOf, countedUnread } from '../../src/shared/badge';

const totals = (all: number, mine = 0, unassigned = 0) => ({ all, mine, unassigned });

describe('what the app badge shows', () => {
  it('counts what each account notifies about, and "99+" beyond 99', () => {
    expect(badgeOf([{ totals: totals(5, 1, 2), scope: 'mine-and-unassigned', reconnect: false }])).toEqual({
      count: 3,
      label: '3',
      dot: true,
      reconnect: false,
    });
    expect(badgeOf([{ totals: totals(150, 0, 150), scope: 'all', reconnect: false }]).label).toBe('99+');
    expect(
      badgeOf([
        { totals: totals(60, 60), scope: 'mine', reconnect: false },
        { totals: totals(40, 0, 40), scope: 'all', reconnect: false },
      ]).label,
    ).toBe('99+');
    expect(countedUnread(totals(9, 2, 3), 'none')).toBe(0);
  });

  it('shows a dot for unread outside every scope, nothing when all is read', () => {
    expect(badgeOf([{ totals: totals(4, 0, 0), scope: 'mine-and-unassigned', reconnect: false }])).toMatchObject({
      count: 0,
      label: '•',
      dot: true,
    });
    expect(badgeOf([{ totals: totals(4, 2, 2), scope: 'none', reconnect: false }]).label).toBe('•');
    expect(badgeOf([{ totals: totals(0), scope: 'all', reconnect: false }]).label).toBe('');
    expect(badgeOf([]).label).toBe('');
  });

  it('marks an account that needs to reconnect', () => {
    const badge = badgeOf([
      { totals: totals(2, 2), scope: 'mine', reconnect: false },
      { totals: totals(0), scope: 'all', reconnect: true },
    ]);
    expect(badge).toEqual({ count: 2, label: '2!', dot: false, reconnect: true });
    expect(badgeOf([{ totals: totals(0), scope: 'all', reconnect: true }]).label).toBe('!');
  });
});
