import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow, calls, electronState, resetElectronDouble, type FakeImage } from '../support/electron-double';
import { AppBadgeIndicator } from '../../src/main/electron/app-badge';
import { badgeOf } from '../../src/shared/badge';

beforeEach(() => resetElectronDouble());
const totals = (all: number, mine = 0, unassigned = 0) => ({ all, mine, unassigned });
const counted = badgeOf([{ totals: totals(150, 0, 150), scope: 'all', reconnect: false }]);
const dotOnly = badgeOf([{ totals: totals(3, 0, 0), scope: 'mine-and-unassigned', reconnect: false }]);
const reconnect = badgeOf([{ totals: totals(0), scope: 'all', reconnect: true }]);
const nothing = badgeOf([{ totals: totals(0), scope: 'all', reconnect: false }]);

describe('the app badge on each OS', () => {
  it('macOS: the Dock shows the text, "99+", a dot, a reconnect mark, and clears', () => {
    electronState.platform = 'darwin';
    const badge = new AppBadgeIndicator('darwin');
    for (const b of [counted, counted, dotOnly, reconnect, nothing]) badge.show(b);
    expect(calls.dockBadge).toEqual(['99+', '•', '!', '']);
    expect(calls.badge).toEqual([]);
  });

  it('Windows: the taskbar overlay is drawn while there is something to show, and removed after', () => {
    const window = new BrowserWindow({});
    const badge = new AppBadgeIndicator('win32', () => window as never);
    badge.show(counted);
    // The overlay's badge is red on screen, not the blue a raw RGBA buffer would turn into.
    expect((window.overlay as FakeImage).colorAt(15, 0)).toEqual([229, 57, 53, 255]);
    badge.show(reconnect);
    expect((window.overlay as FakeImage | null)?.pixels).toBeTruthy();
    badge.show(nothing);
    expect(window.overlay).toBeNull();
  });

  it('Linux: the launcher shows the count it can (numbers only)', () => {
    const badge = new AppBadgeIndicator('linux');
    for (const b of [counted, dotOnly, nothing]) badge.show(b);
    expect(calls.badge).toEqual([150, 0, 0]);
  });
});
