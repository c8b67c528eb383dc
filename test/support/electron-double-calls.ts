/** The Electron double's images, its lifecycle (ready, platform), and its record of what the adapters asked Electron for. */
import { decodePng, isPng } from './png-decode';

/**
 * Where the double stands: whether Electron is ready yet (as after `app.whenReady()`), and which
 * OS it plays, so options Electron ignores there are dropped as Electron drops them.
 */
export const electronState = {
  ready: true,
  platform: process.platform as NodeJS.Platform,
};

/** Electron throws when an API that needs the browser process is used before `ready`. */
export function requireReady(message: string, error: ErrorConstructor = Error): undefined {
  if (!electronState.ready) throw new error(message);
  return undefined;
}

/** …and when one that configures Chromium is called after it. */
export function requireNotReady(message: string): void {
  if (electronState.ready) throw new Error(message);
}

/** One representation of an image, in the RGBA the OS shows: Electron decodes PNG and JPEG, and reads raw bytes as Skia's N32. */
interface Representation {
  scaleFactor: number;
  width: number;
  height: number;
  rgba: Buffer;
}

/**
 * Raw pixels as Skia reads them (`AddImageSkiaRepFromBuffer`): N32, which is BGRA on every
 * little-endian machine Electron runs on, with premultiplied alpha. RGBA bytes handed in raw
 * come out with red and blue swapped, as the real tray shows them.
 */
function fromN32(bytes: Buffer, width: number, height: number): Buffer {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const [b, g, r, a] = [bytes[i * 4]!, bytes[i * 4 + 1]!, bytes[i * 4 + 2]!, bytes[i * 4 + 3]!];
    const unpremultiply = (c: number) => (a === 0 ? 0 : Math.min(255, Math.round((c * 255) / a)));
    rgba.set([unpremultiply(r), unpremultiply(g), unpremultiply(b), a], i * 4);
  }
  return rgba;
}

/** What Electron makes of a buffer: PNG first, then raw N32 when a size is given; anything else adds nothing. */
function representationOf(
  buffer: Buffer,
  options: { width?: number; height?: number; scaleFactor?: number },
): Representation | null {
  const scaleFactor = options.scaleFactor ?? 1;
  if (isPng(buffer)) return { scaleFactor, ...decodePng(buffer) };
  const { width = 0, height = 0 } = options;
  if (width === 0 || height === 0 || buffer.length < width * height * 4) return null;
  return { scaleFactor, width, height, rgba: fromN32(buffer, width, height) };
}

export class FakeImage {
  readonly representations: Representation[] = [];
  constructor(readonly path: string | null = null) {}
  /** The pixels the OS shows (RGBA) at 2×, else at the first scale: a test compares what is drawn. */
  get pixels(): Buffer | null {
    return (this.representations.find((r) => r.scaleFactor === 2) ?? this.representations[0])?.rgba ?? null;
  }
  /** The colour the OS shows at a pixel of the representation at `scaleFactor`: [r, g, b, a]. */
  colorAt(x: number, y: number, scaleFactor = 1): [number, number, number, number] {
    const rep = this.representations.find((r) => r.scaleFactor === scaleFactor);
    if (!rep) throw new Error(`no representation at ${scaleFactor}x`);
    const i = (y * rep.width + x) * 4;
    return [rep.rgba[i]!, rep.rgba[i + 1]!, rep.rgba[i + 2]!, rep.rgba[i + 3]!];
  }
  getSize() {
    const rep = this.representations.find((r) => r.scaleFactor === 1) ?? this.representations[0];
    return rep ? { width: rep.width / rep.scaleFactor, height: rep.height / rep.scaleFactor } : { width: 0, height: 0 };
  }
  addRepresentation(options: { scaleFactor?: number; width?: number; height?: number; buffer?: Buffer }) {
    const rep = options.buffer ? representationOf(options.buffer, options) : null;
    if (rep) this.representations.push(rep);
  }
  isEmpty() {
    return this.representations.length === 0 && this.path === null;
  }
}

export const nativeImage = {
  createFromBitmap: (buffer: Buffer, options: { width: number; height: number; scaleFactor?: number }) => {
    const image = new FakeImage();
    image.representations.push({
      scaleFactor: options.scaleFactor ?? 1,
      width: options.width,
      height: options.height,
      rgba: fromN32(buffer, options.width, options.height),
    });
    return image;
  },
  createFromBuffer: (buffer: Buffer, options: { width?: number; height?: number; scaleFactor?: number } = {}) => {
    const image = new FakeImage();
    image.addRepresentation({ ...options, buffer });
    return image;
  },
  createFromPath: (path: string) => new FakeImage(path),
  createEmpty: () => new FakeImage(),
};

export const calls = {
  badge: [] as number[],
  /** Every text the macOS Dock badge was given. */
  dockBadge: [] as string[],
  openedExternally: [] as string[],
  loginItems: [] as unknown[],
  shortcuts: new Map<string, () => void>(),
  /** Every accelerator bound, in order: on Wayland each bind may ask the agent again. */
  shortcutBinds: [] as string[],
  /** Options and calls Electron ignores on the OS the double plays (a platform-only option, a call made too late). */
  ignoredOptions: [] as string[],
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => unknown>(),
  sandboxEnabled: false,
  /** Every app.setAsDefaultProtocolClient call: the scheme, and the program and arguments if named. */
  protocolClients: [] as unknown[][],
  /** Every Dock bounce asked for, and each one cancelled, by ID. */
  bounces: [] as { id: number; type: string; cancelled: boolean }[],
  /** Every Menu.setApplicationMenu call: null, or the built menu. */
  applicationMenus: [] as ({ items: any[] } | null)[],
};
