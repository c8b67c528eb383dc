import type { AppUpdater, UpdateInfo } from 'electron-updater';
import { FeedError, type FeedRelease, type UpdateChannel } from '../core/updates/feed';
import type { UpdaterPort } from '../core/ports';

/** The part of electron-updater's `autoUpdater` Perch drives. */
export type AutoUpdater = Pick<
  AppUpdater,
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'allowPrerelease'
  | 'allowDowngrade'
  | 'setFeedURL'
  | 'checkForUpdates'
  | 'downloadUpdate'
  | 'quitAndInstall'
>;

/**
 * electron-updater behind the core's UpdaterPort. Every decision (newer, skipped, channel,
 * policy, when to restart) is the core's: this only points the updater at the feed, reads what
 * it found, downloads on the core's word and installs.
 */
export class ElectronUpdater implements UpdaterPort {
  constructor(private readonly updater: AutoUpdater) {
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
  }

  async check(request: { feedUrl: string; channel: UpdateChannel }): Promise<FeedRelease> {
    const { updater } = this;
    updater.setFeedURL({
      provider: 'generic',
      url: request.feedUrl,
      channel: request.channel === 'beta' ? 'beta' : 'latest',
    });
    updater.allowPrerelease = request.channel === 'beta';
    // Setting a channel allows downgrades in electron-updater; Perch never goes back a version.
    updater.allowDowngrade = false;
    const result = await updater.checkForUpdates();
    if (!result) throw new FeedError('The updater is not active in this build');
    return releaseOf(result.updateInfo);
  }

  async download(): Promise<void> {
    await this.updater.downloadUpdate();
  }

  install(): void {
    // Silent: the assisted Windows installer (electron-builder.json's nsis) would otherwise show its
    // whole wizard on every update; silent, it keeps the folder and mode chosen at install.
    // Forced run: Perch starts again afterwards. Both are ignored on macOS and Linux.
    this.updater.quitAndInstall(true, true);
  }
}

function releaseOf(info: UpdateInfo): FeedRelease {
  const notes = info.releaseNotes;
  return {
    version: info.version,
    files: info.files.map((f) => ({ url: f.url, sha512: f.sha512, size: f.size })),
    releaseDate: info.releaseDate,
    releaseName: info.releaseName ?? undefined,
    releaseNotes:
      typeof notes === 'string'
        ? notes
        : Array.isArray(notes)
          ? notes
              .map((n) => n.note ?? '')
              .filter(Boolean)
              .join('\n\n')
          : undefined,
  };
}
