/** The Electron double's images, and its record of what the adapters asked Electron for. */

export class FakeImage {
  readonly representations: { scaleFactor: number; width: number; height: number; buffer: Buffer }[] = [];
  constructor(
    private readonly bitmap: Buffer | null,
    readonly size: { width: number; height: number },
    readonly path: string | null = null,
  ) {}
  /** The bitmap, or the 2× one of an image built from representations. */
  get pixels(): Buffer | null {
    return this.bitmap ?? this.representations.find((r) => r.scaleFactor === 2)?.buffer ?? null;
  }
  addRepresentation(representation: { scaleFactor: number; width: number; height: number; buffer: Buffer }) {
    this.representations.push(representation);
  }
  isEmpty() {
    return this.pixels === null && this.path === null;
  }
}

export const nativeImage = {
  createFromBitmap: (pixels: Buffer, o: { width: number; height: number }) => new FakeImage(pixels, o),
  createFromPath: (path: string) => new FakeImage(null, { width: 0, height: 0 }, path),
  createEmpty: () => new FakeImage(null, { width: 0, height: 0 }),
};

export const calls = {
  badge: [] as number[],
  /** Every text the macOS Dock badge was given. */
  dockBadge: [] as string[],
  openedExternally: [] as string[],
  loginItems: [] as unknown[],
  shortcuts: new Map<string, () => void>(),
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
