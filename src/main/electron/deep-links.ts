import { app } from 'electron';
import { DEEP_LINK_SCHEME, deepLinkInArgs } from '../../shared/deep-links';

/** What Perch does with a link the OS hands it, or with a second start that carries none (null). */
export type FollowLink = (link: string | null) => void;

/**
 * The `perch://open/…` links the OS hands Perch: in the arguments of its first start, in a
 * second instance's (Windows and Linux; `requestSingleInstanceLock` in index.ts sends them
 * here), or through macOS's `open-url`, which can fire before Perch is ready. Links wait until
 * `attach` is given what to do with them; checking them is the core's (`Accounts.openLink`).
 */
export class DeepLinks {
  private pending: (string | null)[] = [];
  private follow: FollowLink | null = null;

  constructor(firstArgs: readonly string[]) {
    const first = deepLinkInArgs(firstArgs);
    if (first) this.pending.push(first);
    app.on('open-url', (event, url) => {
      event.preventDefault();
      this.receive(url);
    });
    app.on('second-instance', (_event, args) => this.receive(deepLinkInArgs(args)));
  }

  attach(follow: FollowLink): void {
    this.follow = follow;
    for (const link of this.pending.splice(0)) follow(link);
  }

  private receive(link: string | null): void {
    if (this.follow) this.follow(link);
    else this.pending.push(link);
  }
}

/**
 * Makes Perch the OS's handler of `perch:` links (packaged, electron-builder.json's `protocols`
 * registers them at install too). Unpackaged (`electron <folder>`), only Windows lets the
 * registration name what to start, so there it names Electron and Perch's folder (not
 * `argv[1]`: switches may come first). On macOS and Linux it would name Electron itself (its
 * bundle, its desktop file), taking links away from an installed Perch: development leaves them be.
 */
export function registerLinkScheme(platform: NodeJS.Platform = process.platform): boolean {
  if (app.isPackaged) return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  if (platform !== 'win32') return false;
  return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [app.getAppPath()]);
}
