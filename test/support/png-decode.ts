import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > SIGNATURE.length && bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE);
}

/**
 * Decodes an 8-bit, non-interlaced PNG (greyscale, RGB, grey with alpha or RGBA) into RGBA
 * pixels, as Chromium's decoder would hand them to the OS; anything else is refused, so a test
 * never reads colours the double made up.
 */
export function decodePng(bytes: Buffer): { width: number; height: number; rgba: Buffer } {
  if (!isPng(bytes)) throw new Error('not a PNG');
  let offset = SIGNATURE.length;
  let header: { width: number; height: number; bitDepth: number; colorType: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length;
    if (type === 'IHDR')
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colorType: body[9]!,
        interlace: body[12]!,
      };
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
  }
  if (!header) throw new Error('PNG without IHDR');
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[header.colorType];
  if (header.bitDepth !== 8 || header.interlace !== 0 || channels === undefined)
    throw new Error(`unsupported PNG: bit depth ${header.bitDepth}, colour type ${header.colorType}`);
  const { width, height } = header;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`unknown PNG filter ${filter}`);
      pixels[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const p = pixels.subarray(i * channels, (i + 1) * channels);
    const [r, g, b] = channels >= 3 ? [p[0]!, p[1]!, p[2]!] : [p[0]!, p[0]!, p[0]!];
    const a = channels === 4 ? p[3]! : channels === 2 ? p[1]! : 255;
    rgba.set([r, g, b, a], i * 4);
  }
  return { width, height, rgba };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
