import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AttachmentImages, type FetchBytes } from '../../../src/main/core/toolkit/attachment-images';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import type { ConversationRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { PNG, partsWith, pngAttachment } from '../../support/image-parts';
import { sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { workspaceOn } from '../../support/workspace-on';

let sbx: RunningSandbox;
/** A TCP server on this computer that only counts who connects to it. */
let listener: Server;
let port: number;
let connections: number;
const opened: AttachmentImages[] = [];

beforeEach(async () => {
  sbx = await sandbox();
  connections = 0;
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterEach(async () => {
  for (const images of opened.splice(0)) await images.close();
  await sbx.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

function track(images: AttachmentImages): AttachmentImages {
  opened.push(images);
  return images;
}

/** A visitor's message carrying an image the sandbox serves; its address. */
function visitorSendsImage(c: ConversationRecord, name: string): string {
  const id = sbx.store.nextId();
  const url = sbx.store.files.keep(id, name, 'image/png', PNG);
  sbx.store.appendPart(c, {
    body: '',
    bodyJson: {},
    read: false,
    direction: 'u2a',
    type: 'reply_user',
    sentVia: 'web_user',
    attachments: [pngAttachment(url, id)],
    metaData: {},
    replyType: 'text',
    actions: null,
    externalId: null,
    randomId: 0,
    fromAdminId: null,
    fromUserId: c.userId,
    assigneeId: null,
    referrer: null,
  });
  return url;
}

describe('the window reads only images of parts it was given', () => {
  let workspace: Workspace;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ workspace, close } = await workspaceOn(sbx));
  });
  afterEach(() => close());

  it('refuses a file of the files host until a part carrying it was read, and one never sent always', async () => {
    const c = [...sbx.store.conversations.values()].find((x) => x.appId === sbx.info.apps[0]!.id && !x.closed)!;
    const shown = visitorSendsImage(c, 'broken-lamp.png');
    // On the same files host, at an address as unguessable, but in no message of this account.
    const unsent = sbx.store.files.keep(sbx.store.nextId(), 'elsewhere.png', 'image/png', PNG);
    const read = (url: string) => workspace.handlers['attachment:image'](url);

    await expect(read(shown)).rejects.toThrow('Perch reads only images attached to messages of this account');
    await workspace.handlers['conversation:open'](c.id);
    expect(await read(shown)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    await expect(read(unsent)).rejects.toThrow('only images attached to messages of this account');

    // A part that arrives while the conversation is open, by the feed's poll.
    const later = visitorSendsImage(c, 'second-photo.png');
    const arrived: string[] = [];
    const off = workspace.events.on('conversation:parts', ({ parts }) =>
      arrived.push(...parts.flatMap((p) => p.attachments.map((a) => a.url))),
    );
    await until(() => arrived.includes(later), { what: 'the new part in the open conversation' });
    off();
    expect(await read(later)).toMatch(/^data:image\/png;base64,/);
  });
});

describe('an account elsewhere never reads from this computer or a private network', () => {
  const elsewhere = (options: Partial<ConstructorParameters<typeof AttachmentImages>[0]>, ...received: string[]) => {
    const images = track(new AttachmentImages({ baseUrl: 'https://api.example.test', ...options }));
    images.receive(partsWith(...received));
    return images;
  };

  it.each([
    (p: number) => `https://127.0.0.1:${p}/a.png`,
    (p: number) => `https://[::1]:${p}/a.png`,
    (p: number) => `https://[::ffff:127.0.0.1]:${p}/a.png`,
    () => 'https://192.168.1.1/router.png',
    () => 'https://10.0.0.8/a.png',
    () => 'https://169.254.169.254/latest/meta-data.png',
    () => 'https://[::ffff:169.254.169.254]/a.png',
    () => 'https://100.64.0.1/a.png',
    () => 'https://[fd00::1]/a.png',
    () => 'https://[fe80::1]/a.png',
    () => 'https://0x7f.1/a.png',
  ])('refuses an address written as one: %s', async (address) => {
    const url = address(port);
    await expect(elsewhere({}, url).read(url)).rejects.toThrow(
      'Images are not read from addresses inside a private network',
    );
    expect(connections).toBe(0);
  });

  it('refuses a name that resolves to this computer, without connecting', async () => {
    const url = `https://localhost:${port}/a.png`;
    await expect(elsewhere({}, url).read(url)).rejects.toThrow('inside a private network');
    expect(connections).toBe(0);
  });

  it('refuses a name when any of its addresses is private, asking the resolver once, for the connection itself', async () => {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:127.0.0.1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ];
    };
    const url = `https://images.example.test:${port}/a.png`;
    await expect(elsewhere({ resolve }, url).read(url)).rejects.toThrow('inside a private network');
    expect(asked).toEqual(['images.example.test']);
    expect(connections).toBe(0);
  });

  it('lets an account on this computer read from it (the demo, a local sandbox)', async () => {
    const url = sbx.store.files.keep(sbx.store.nextId(), 'local.png', 'image/png', PNG);
    const images = track(new AttachmentImages({ baseUrl: sbx.info.baseUrl }));
    images.receive(partsWith(url));
    expect(await images.read(url)).toMatch(/^data:image\/png;base64,/);
  });
});

describe('reads per account', () => {
  it('run four at a time, the others in the order they were asked for', async () => {
    const urls = Array.from({ length: 10 }, (_, i) =>
      sbx.store.files.keep(sbx.store.nextId(), `photo-${i}.png`, 'image/png', PNG),
    );
    const started: string[] = [];
    const held: (() => void)[] = [];
    // Every read waits until the test lets it go, then asks the sandbox.
    const fetchBytes: FetchBytes = async (url, signal) => {
      started.push(url);
      await new Promise<void>((go) => held.push(go));
      return fetch(url, { signal });
    };
    const images = track(new AttachmentImages({ baseUrl: sbx.info.baseUrl, fetchBytes }));
    images.receive(partsWith(...urls));
    const results = urls.map((url) => images.read(url));
    // The same address asked again while it is read is the same read.
    const again = images.read(urls[9]!);

    await until(() => started.length === 4, { what: 'the first four reads' });
    expect(images.load).toEqual({ running: 4, waiting: 6 });
    for (let i = 0; i < urls.length; i++) {
      held[i]!();
      await results[i];
      // One read ended: exactly one more starts, the next in line.
      const next = Math.min(urls.length, i + 5);
      await until(() => held.length === next, { what: `read ${next} to start` });
      expect(started).toEqual(urls.slice(0, next));
    }
    expect(await Promise.all(results)).toEqual(urls.map(() => `data:image/png;base64,${PNG.toString('base64')}`));
    expect(await again).toBe(await results[9]);
    expect(images.load).toEqual({ running: 0, waiting: 0 });
  });
});
