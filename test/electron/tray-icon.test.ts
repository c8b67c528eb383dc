import { describe, expect, it } from 'vitest';
import { renderTrayIcon, trayState } from '../../src/main/electron/tray-icon';

const alpha = (px: Buffer, x: number, y: number, size = 32) => px[(y * size + x) * 4 + 3];

describe('tray icon', () => {
  it('picks the most urgent state', () => {
    expect(trayState({ all: 0, mine: 0, unassigned: 0 }, 'ok')).toBe('idle');
    expect(trayState({ all: 2, mine: 0, unassigned: 0 }, 'ok')).toBe('unread');
    expect(trayState({ all: 2, mine: 1, unassigned: 0 }, 'ok')).toBe('needs-you');
    expect(trayState({ all: 2, mine: 1, unassigned: 0 }, 'offline')).toBe('offline');
    expect(trayState({ all: 2, mine: 1, unassigned: 0 }, 'signed-out')).toBe('signed-out');
  });

  it('draws a count that changes the pixels, and caps it at 99+', () => {
    const none = renderTrayIcon('needs-you', 0);
    const three = renderTrayIcon('needs-you', 3);
    const many = renderTrayIcon('needs-you', 250);
    expect(none.length).toBe(32 * 32 * 4);
    expect(three.equals(none)).toBe(false);
    expect(many.equals(renderTrayIcon('needs-you', 100))).toBe(true);
    expect(many.equals(three)).toBe(false);
    // Rounded corners stay transparent; the middle of the tile is opaque.
    expect(alpha(none, 0, 31)).toBe(0);
    expect(alpha(none, 4, 28)).toBe(255);
  });

  it('looks different for every state', () => {
    const icons = (['idle', 'unread', 'needs-you', 'offline', 'signed-out'] as const).map((s) =>
      renderTrayIcon(s, 4).toString('base64'),
    );
    expect(new Set(icons).size).toBe(5);
  });
});
