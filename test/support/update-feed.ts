import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An installer in a feed: its bytes, and the sha512 the feed names. */
export interface FeedInstaller {
  name: string;
  bytes: Buffer;
}

export function installer(version: string): FeedInstaller {
  return { name: `Perch-Setup-${version}.exe`, bytes: Buffer.from(`installer of Perch ${version}`) };
}

/** A channel file as electron-builder writes it for the generic provider. */
export function channelYml(version: string, file: FeedInstaller, releaseNotes?: string): string {
  const sha512 = createHash('sha512').update(file.bytes).digest('base64');
  const notes = releaseNotes
    ? `releaseNotes: |\n${releaseNotes
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')}\n`
    : '';
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file.name}`,
    `    sha512: ${sha512}`,
    `    size: ${file.bytes.length}`,
    `path: ${file.name}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-11-20T10:15:00.000Z'`,
    notes,
  ].join('\n');
}

/** A generic update feed on 127.0.0.1: the files it serves and the paths it was asked for. */
export interface LocalFeed {
  url: string;
  requests: string[];
  files: Map<string, string | Buffer>;
  publish(channelFile: string, version: string, notes?: string): void;
  close(): Promise<void>;
}

export async function localFeed(): Promise<LocalFeed> {
  const files = new Map<string, string | Buffer>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://feed').pathname.replace(/^\/perch\//, ''));
    requests.push(path);
    const body = files.get(path);
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': path.endsWith('.yml') ? 'text/yaml' : 'application/octet-stream' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/perch/`,
    requests,
    files,
    publish(channelFile, version, notes) {
      const file = installer(version);
      files.set(file.name, file.bytes);
      files.set(channelFile, channelYml(version, file, notes));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
