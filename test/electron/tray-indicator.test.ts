import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetElectronDouble, Tray } from '../support/electron-double';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings/settings';
import { TrayIndicator } from '../../src/main/electron/tray';
import { translate, translator } from '../../src/shared/i18n';

beforeEach(() => resetElectronDouble());
const t = translator('en');
const totals = (all: number, mine = 0, unassigned = 0) => ({ all, mine, unassigned });
const actions = () => ({
  open: vi.fn(),
  toggle: vi.fn(),
  quit: vi.fn(),
  pause: vi.fn(),
  toggleQuietHours: vi.fn(),
  toggleStartAtLogin: vi.fn(),
});

describe('TrayIndicator', () => {
  it('shows the count on the icon and in the tooltip, and redraws only on change', () => {
    const tray = new TrayIndicator(t, actions(), undefined, 'linux');
    const fake = Tray.instances[0]!;
    tray.update({ totals: totals(3, 1, 1), health: 'ok' });
    expect(fake.tooltip).toBe('Perch: 3 unread · 1 mine · 1 unassigned');
    const drawn = fake.image.pixels!;
    tray.update({ totals: totals(3, 1, 1), health: 'ok' });
    expect(fake.imageChanges).toBe(1);
    tray.update({ totals: totals(3, 0, 0), health: 'ok' });
    expect(fake.imageChanges).toBe(2);
    expect(fake.image.pixels!.equals(drawn)).toBe(false);
    tray.update({ totals: totals(0), health: 'offline' });
    expect(fake.tooltip).toBe('Perch: offline');
  });

  it('speaks the language chosen in settings: a change redraws the menu and the tooltip at once', () => {
    let chosen: 'en' | 'ru' = 'en';
    const followsSettings: typeof t = (key, params) => translate(chosen, key, params);
    const tray = new TrayIndicator(followsSettings, actions(), undefined, 'linux');
    tray.setMenu(DEFAULT_SETTINGS);
    tray.update({ totals: totals(3, 1, 1), health: 'ok' });
    expect(Tray.instances[0]!.tooltip).toBe('Perch: 3 unread · 1 mine · 1 unassigned');
    chosen = 'ru';
    tray.setMenu({ ...DEFAULT_SETTINGS, locale: 'ru' });
    expect(Tray.instances[0]!.menu!.items[0].label).toBe(translate('ru', 'tray.open'));
    expect(Tray.instances[0]!.tooltip).toBe(translate('ru', 'tray.tooltip', { all: 3, mine: 1, unassigned: 1 }));
  });

  it('shows Perch’s blue tile and the red badge as drawn: the OS reads no colour swapped', () => {
    new TrayIndicator(t, actions(), undefined, 'linux').update({ totals: totals(4, 1, 0), health: 'ok' });
    const image = Tray.instances[0]!.image;
    for (const scale of [1, 2, 3]) {
      const size = 16 * scale;
      expect(image.colorAt(Math.round(size * 0.15), Math.round(size * 0.85), scale)).toEqual([47, 109, 246, 255]);
      expect(image.colorAt(size - 1, 0, scale)).toEqual([229, 57, 53, 255]);
    }
  });

  it('draws the icon at 1×, 2× and 3×, each at its own size', () => {
    new TrayIndicator(t, actions(), undefined, 'linux').update({ totals: totals(4, 1, 0), health: 'ok' });
    const reps = Tray.instances[0]!.image.representations;
    expect(reps.map((r) => [r.scaleFactor, r.width, r.height, r.rgba.length])).toEqual([
      [1, 16, 16, 16 * 16 * 4],
      [2, 32, 32, 32 * 32 * 4],
      [3, 48, 48, 48 * 48 * 4],
    ]);
  });

  it('adds to the counts since when an account is stale and how long the longest visitor has waited', () => {
    const tray = new TrayIndicator(t, actions(), undefined, 'linux');
    const staleSince = new Date(2026, 10, 27, 14, 2).getTime();
    const waitingSince = Math.floor(Date.now() / 1000) - 4 * 60 - 5;
    tray.update({ totals: totals(3, 1, 1), health: 'ok', staleSince, waitingSince });
    expect(Tray.instances[0]!.tooltip).toBe(
      'Perch: 3 unread · 1 mine · 1 unassigned\nStale since 14:02\nwaiting 4 min',
    );
    const ru = new TrayIndicator(translator('ru'), actions(), undefined, 'linux');
    ru.update({ totals: totals(3, 1, 1), health: 'ok', staleSince: null, waitingSince });
    expect(Tray.instances[1]!.tooltip).toContain('\nждёт 4 мин');
  });

  it('uses the title on macOS', () => {
    new TrayIndicator(t, actions(), undefined, 'darwin').update({ totals: totals(5, 2, 0), health: 'ok' });
    expect(Tray.instances[0]!.title).toBe('2');
  });

  it('offers open, pause, quiet hours, start at login and quit, and the pause becomes resume', () => {
    const a = actions();
    const tray = new TrayIndicator(t, a, undefined, 'linux');
    tray.setMenu(DEFAULT_SETTINGS);
    const items = Tray.instances[0]!.menu!.items;
    expect(items.map((i) => i.label ?? i.type)).toEqual([
      'Open Perch',
      'separator',
      'Pause notifications',
      'Quiet hours (22:00–08:00)',
      'Start at login',
      'separator',
      'Quit Perch',
    ]);
    items[2].submenu[0].click();
    expect(a.pause).toHaveBeenCalledWith('hour');
    items[6].click();
    expect(a.quit).toHaveBeenCalled();
    tray.setMenu({
      ...DEFAULT_SETTINGS,
      notifications: { ...DEFAULT_SETTINGS.notifications, pausedUntil: Date.now() + 60_000 },
    });
    const resumed = Tray.instances[0]!.menu!.items[2];
    expect(resumed.label).toBe('Resume notifications');
    resumed.click();
    expect(a.pause).toHaveBeenLastCalledWith(null);
    Tray.instances[0]!.emit('click');
    expect(a.toggle).toHaveBeenCalled();
    items[0].click();
    expect(a.open).toHaveBeenCalled();
  });
});
