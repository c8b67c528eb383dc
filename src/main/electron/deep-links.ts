import { app } from 'electron';
import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEEP_LINK_SCHEME, deepLinkInArgs } from '../../shared/deep-links';
import { errorFields } from '../core/log/logger';
import type { ScopedLog } from '../core/ports';
import { execValue } from './shell-settings';

/**
 * Perch's desktop entry on Linux: package.json's desktopName, which Electron makes its app id
 * (window class, CHROME_DESKTOP), and the name the deb installs its entry under.
 */
export const LINUX_DESKTOP_FILE = 'app.perch.desktop.desktop';

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

/** The desktop entry that makes an AppImage the opener of `perch:` links; not shown in menus. */
export function appImageDesktopEntry(appImagePath: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Perch',
    `Exec=${execValue(appImagePath)} %U`,
    'Terminal=false',
    'NoDisplay=true',
    `MimeType=x-scheme-handler/${DEEP_LINK_SCHEME};`,
    `StartupWMClass=${LINUX_DESKTOP_FILE.replace(/\.desktop$/, '')}`,
    '',
  ].join('\n');
}

/**
 * Makes Perch the OS's handler of `perch:` links (packaged, electron-builder.json's `protocols`
 * registers them at install too). An AppImage is never installed: on Linux Electron registers
 * the entry named by CHROME_DESKTOP, so Perch writes that entry for the AppImage at each start
 * (the AppImage may have moved since). Unpackaged (`electron <folder>`), only Windows lets the
 * registration name what to start, so there it names Electron and Perch's folder (not
 * `argv[1]`: switches may come first). On macOS and Linux it would name Electron itself (its
 * bundle, its desktop file), taking links away from an installed Perch: development leaves them be.
 */
export function registerLinkScheme(
  options: { platform?: NodeJS.Platform; env?: NodeJS.ProcessEnv; log?: ScopedLog } = {},
): boolean {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  if (platform === 'linux' && env.APPIMAGE) {
    const dir = join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'applications');
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, LINUX_DESKTOP_FILE), appImageDesktopEntry(env.APPIMAGE));
    } catch (error) {
      options.log?.warn('could not write the desktop entry for perch: links', errorFields(error));
    }
  }
  if (app.isPackaged) return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  if (platform !== 'win32') return false;
  return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [app.getAppPath()]);
}
