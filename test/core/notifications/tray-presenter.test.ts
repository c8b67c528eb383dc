import { describe, expect, it } from 'vitest';
import { presentTray, trayState } from '../../../src/main/core/notifications/tray-presenter';
import { translate, translator } from '../../../src/shared/i18n';

const totals = (all: number, mine = 0, unassigned = 0) => ({ all, mine, unassigned });

describe('the tray presenter', () => {
  it('picks the most urgent state', () => {
    expect(trayState({ totals: totals(0), health: 'ok' })).toBe('idle');
    expect(trayState({ totals: totals(2), health: 'ok' })).toBe('unread');
    expect(trayState({ totals: totals(2, 1), health: 'ok' })).toBe('needs-you');
    expect(trayState({ totals: totals(2, 1), health: 'offline' })).toBe('offline');
    expect(trayState({ totals: totals(2, 1), health: 'signed-out' })).toBe('signed-out');
  });

  it('counts what needs the agent, else everything unread, with the detail lines under the counts', () => {
    const t = translator('en');
    expect(presentTray({ totals: totals(5, 1, 2), health: 'ok' }, t)).toEqual({
      state: 'needs-you',
      count: 3,
      tooltip: 'Perch: 5 unread · 1 mine · 2 unassigned',
    });
    expect(presentTray({ totals: totals(1), health: 'ok' }, t, ['waiting 4 min']).tooltip).toBe(
      'Perch: 1 unread · 0 mine · 0 unassigned\nwaiting 4 min',
    );
    expect(presentTray({ totals: totals(4), health: 'starting' }, t)).toMatchObject({ state: 'unread', count: 4 });
    // Offline or waiting for a sign-in, the icon says so instead of a count.
    expect(presentTray({ totals: totals(4, 1), health: 'signed-out' }, t)).toEqual({
      state: 'signed-out',
      count: 0,
      tooltip: 'Perch: signed out',
    });
    expect(presentTray({ totals: totals(4), health: 'offline' }, translator('ru')).tooltip).toBe(
      translate('ru', 'tray.offline'),
    );
  });
});
