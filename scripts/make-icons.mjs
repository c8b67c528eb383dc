// Draws Perch's app icon as a PNG in resources/ (run: node scripts/make-icons.mjs).
// Shapes are signed-distance functions sampled 4x4 per pixel, so edges are anti-aliased.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const roundedBox = (x, y, cx, cy, half, r) => {
  const qx = Math.abs(x - cx) - half + r;
  const qy = Math.abs(y - cy) - half + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};
const circle = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) - r;

/** Coordinates are in a 0..1 square. Returns [r, g, b, a] (0..1) for a point. */
function shade(x, y, { grey, dot }) {
  const layers = [];
  // Tile: a rounded square with a diagonal blue→violet gradient (grey when offline).
  const t = (x + y) / 2;
  const tile = grey ? [0.55, 0.58, 0.63] : [0.18 + 0.3 * t, 0.43 - 0.07 * t, 0.96];
  layers.push([roundedBox(x, y, 0.5, 0.5, 0.46, 0.16), tile]);
  // Speech bubble: an ellipse-ish circle with a tail, in white.
  const bubble = Math.min(circle(x, y, 0.5, 0.46, 0.24), roundedBox(x, y, 0.36, 0.66, 0.08, 0.02));
  layers.push([bubble, [1, 1, 1]]);
  // Three dots inside the bubble.
  const dots = Math.min(
    circle(x, y, 0.39, 0.46, 0.035),
    circle(x, y, 0.5, 0.46, 0.035),
    circle(x, y, 0.61, 0.46, 0.035),
  );
  layers.push([dots, tile]);
  if (dot) layers.push([circle(x, y, 0.8, 0.2, 0.2), [0.9, 0.2, 0.22]]);
  let color = [0, 0, 0, 0];
  for (const [d, rgb] of layers) if (d <= 0) color = [...rgb, 1];
  return color;
}

function render(size, style) {
  const buf = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = shade((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, style);
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const i = (py * size + px) * 4;
      buf[i] = a ? Math.round((r / a) * 255) : 0;
      buf[i + 1] = a ? Math.round((g / a) * 255) : 0;
      buf[i + 2] = a ? Math.round((b / a) * 255) : 0;
      buf[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return png(size, buf);
}

// The tray icon is drawn at run time (src/main/electron/tray-icon.ts), with the unread count on it.
mkdirSync('resources', { recursive: true });
writeFileSync('resources/icon.png', render(512, { grey: false, dot: false }));
console.log('icon written to resources/icon.png');
