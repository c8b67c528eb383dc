import { describe, expect, it } from 'vitest';
import { renderTrayIcon } from '../../src/main/electron/tray-icon';

const alpha = (px: Buffer, x: number, y: number, size = 32) => px[(y * size + x) * 4 + 3];

describe('tray icon', () => {
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
