import { createHash } from 'node:crypto';
import type { HttpTransport } from '../ports';
import { channelFileName, FeedError, parseFeed, type FeedRelease, type UpdateChannel } from './feed';
import type { UpdaterPort } from '../ports';

/** The address of a file named in the feed: relative names sit beside the channel file. */
export function feedFileUrl(feedUrl: string, name: string): string {
  const base = feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`;
  return new URL(name, base).toString();
}

/** Reads a channel's `<channel>.yml` from a generic feed. */
export async function readFeed(
  transport: HttpTransport,
  feedUrl: string,
  channel: UpdateChannel,
  platform: string,
): Promise<FeedRelease> {
  const response = await transport.send({
    method: 'GET',
    url: feedFileUrl(feedUrl, channelFileName(channel, platform)),
    headers: { 'cache-control': 'no-cache' },
  });
  if (response.status !== 200) throw new FeedError(`The feed answered HTTP ${response.status}`);
  return parseFeed(response.body);
}

/**
 * An updater on plain Node: reads the feed and checks the installer's sha512, but installs
 * nothing (`install` is handed in). The browser host and the tests use it; Electron wraps
 * electron-updater instead.
 */
export class FeedUpdater implements UpdaterPort {
  private release: { feedUrl: string; value: FeedRelease } | null = null;

  constructor(
    private readonly options: {
      transport: HttpTransport;
      platform: string;
      install: (version: string) => void;
      /** Installers are binary: they are read through this, not the text transport. */
      fetchBytes: (url: string) => Promise<Uint8Array>;
    },
  ) {}

  async check(request: { feedUrl: string; channel: UpdateChannel }): Promise<FeedRelease> {
    const value = await readFeed(this.options.transport, request.feedUrl, request.channel, this.options.platform);
    this.release = { feedUrl: request.feedUrl, value };
    return value;
  }

  async download(): Promise<void> {
    if (!this.release) throw new FeedError('No release was found to download');
    const [file] = this.release.value.files;
    if (!file) throw new FeedError('The release lists no file');
    const bytes = await this.options.fetchBytes(feedFileUrl(this.release.feedUrl, file.url));
    const digest = createHash('sha512').update(bytes).digest('base64');
    if (digest !== file.sha512) throw new FeedError('The downloaded file does not match the feed');
  }

  install(): void {
    if (this.release) this.options.install(this.release.value.version);
  }
}
