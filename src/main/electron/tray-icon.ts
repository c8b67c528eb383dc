import type { TrayState } from '../core/notifications/tray-presenter';

// 3×5 digits, one string per row, '#' lit.
const DIGITS: Record<string, string[]> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '.##', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '.#.', '.#.', '.#.'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  '+': ['...', '.#.', '###', '.#.', '...'],
};

type Rgb = [number, number, number];
const COLORS: Record<TrayState, { tile: Rgb; badge: Rgb | null }> = {
  idle: { tile: [47, 109, 246], badge: null },
  unread: { tile: [47, 109, 246], badge: [90, 100, 120] },
  'needs-you': { tile: [47, 109, 246], badge: [229, 57, 53] },
  offline: { tile: [140, 148, 160], badge: null },
  'signed-out': { tile: [140, 148, 160], badge: [229, 57, 53] },
};

/**
 * Draws the tray icon as RGBA pixels (size × size): a rounded tile with a speech bubble and,
 * when there is something to count, a badge with the number ("99+" beyond 99).
 */
export function renderTrayIcon(state: TrayState, count: number, size = 32): Buffer {
  const px = Buffer.alloc(size * size * 4);
  const set = (x: number, y: number, [r, g, b]: Rgb, a = 255) => {
    if (x < 0 || y < 0 || x >= size || y >= size) return;
    const i = (y * size + x) * 4;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
    px[i + 3] = a;
  };
  const { tile, badge } = COLORS[state];
  const s = size / 32;
  const radius = 7 * s;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = Math.max(radius - x - 0.5, x + 0.5 - (size - radius), 0);
      const dy = Math.max(radius - y - 0.5, y + 0.5 - (size - radius), 0);
      if (dx * dx + dy * dy <= radius * radius) set(x, y, tile);
      const bx = x + 0.5 - 15 * s;
      const by = y + 0.5 - 14 * s;
      if (bx * bx + by * by <= (8.5 * s) ** 2 || (x >= 8 * s && x < 12 * s && y >= 18 * s && y < 25 * s))
        set(x, y, [255, 255, 255]);
    }
  }
  if (state === 'signed-out') {
    for (let i = Math.round(6 * s); i < size - 6 * s; i++) for (let w = 0; w < 2 * s; w++) set(i + w, i, [229, 57, 53]);
  }
  if (badge && count > 0) {
    const text = count > 99 ? '99+' : String(count);
    const scale = Math.max(1, Math.floor(size / 16));
    const width = (text.length * 4 - 1) * scale + 4 * scale;
    const height = 5 * scale + 4 * scale;
    const left = size - width;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(left + x, y, badge);
    [...text].forEach((ch, i) => {
      DIGITS[ch]!.forEach((row, ry) => {
        [...row].forEach((cell, rx) => {
          if (cell !== '#') return;
          for (let a = 0; a < scale; a++)
            for (let b = 0; b < scale; b++)
              set(left + 2 * scale + (i * 4 + rx) * scale + a, 2 * scale + ry * scale + b, [255, 255, 255]);
        });
      });
    });
  }
  return px;
}
