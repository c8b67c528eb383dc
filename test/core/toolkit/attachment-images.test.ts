import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AttachmentImages } from '../../../src/main/core/toolkit/attachment-images';
import type { ConversationPart } from '../../../src/shared/api/types';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { sandbox } from '../../support/sandbox';
import { PNG, partsWith } from '../../support/image-parts';

let sbx: RunningSandbox;
let other: Server;
let otherUrl: string;
/** What the other server answers: a type and bytes, or a redirect. */
let answer: { status: number; type?: string; body?: Buffer; location?: string };
const asked: { authorization?: string; cookie?: string }[] = [];
const opened: AttachmentImages[] = [];

/** The images of an account at `baseUrl` that has received these addresses in its messages. */
function imagesOf(baseUrl: string, ...received: string[]): AttachmentImages {
  const images = new AttachmentImages({ baseUrl });
  images.receive(partsWith(...received));
  opened.push(images);
  return images;
}
/** The sandbox's account lives on this computer: its files may come over plain http from it. */
const local = (...received: string[]) => imagesOf(sbx.info.baseUrl, ...received);
const elsewhere = (...received: string[]) => imagesOf('https://api.example.test', ...received);

beforeEach(async () => {
  sbx = await sandbox();
  asked.length = 0;
  answer = { status: 200, type: 'image/png', body: PNG };
  other = createServer((req, res) => {
    asked.push({ authorization: req.headers.authorization, cookie: req.headers.cookie });
    res.writeHead(answer.status, {
      ...(answer.type ? { 'content-type': answer.type } : {}),
      ...(answer.location ? { location: answer.location } : {}),
    });
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const images of opened.splice(0)) await images.close();
  await sbx.close();
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

describe('images of attachments, read by main', () => {
  it('come from the address the platform gave as a data: address, without the token', async () => {
    const url = sbx.store.files.keep('1160406004324630999', 'shot.png', 'image/png', PNG);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/1160406004324630999\/[0-9a-f]{32}\/shot\.png$/);
    const guessed = url.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    const images = local(url, guessed, `${otherUrl}/a.png`);
    expect(await images.read(url)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    // Without its random part the address answers nothing.
    await expect(images.read(guessed)).rejects.toThrow('no image Perch shows');
    await images.read(`${otherUrl}/a.png`);
    expect(asked.at(-1)).toEqual({ authorization: undefined, cookie: undefined });
  });

  it.each([
    ['an SVG', { status: 200, type: 'image/svg+xml', body: Buffer.from('<svg onload="alert(1)"/>') }],
    ['HTML called a PNG', { status: 200, type: 'image/png', body: Buffer.from('<html><script>x</script>') }],
    ['a PNG called a JPEG', { status: 200, type: 'image/jpeg', body: PNG }],
    ['an error page', { status: 404, type: 'image/png', body: PNG }],
    ['a redirect', { status: 302, location: 'http://127.0.0.1:1/x.png' }],
    ['too many bytes', { status: 200, type: 'image/png', body: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) }],
  ])('refuse %s', async (_what, served) => {
    answer = served;
    await expect(local(`${otherUrl}/a.png`).read(`${otherUrl}/a.png`)).rejects.toThrow();
  });

  it('never read plain http from this computer for an account elsewhere', async () => {
    await expect(elsewhere(`${otherUrl}/a.png`).read(`${otherUrl}/a.png`)).rejects.toThrow('only from https');
    expect(asked).toEqual([]);
  });

  it.each([
    'http://example.com/a.png',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:pw@example.com/a.png',
    'https://example.com/\u202Egnp.exe',
  ])('never ask %s, even when a message carried it', async (url) => {
    await expect(local(url).read(url)).rejects.toThrow('only from https');
  });
});

describe('only what the account received', () => {
  it('refuses an address no message of the account carried, without asking it', async () => {
    const url = sbx.store.files.keep('1160406004324630998', 'map.png', 'image/png', PNG);
    const images = local(url);
    expect(await images.read(url)).toMatch(/^data:image\/png;base64,/);
    for (const address of [`${otherUrl}/a.png`, `${url}?x`, url.toUpperCase()])
      await expect(images.read(address)).rejects.toThrow('only images attached to messages of this account');
    expect(asked).toEqual([]);
  });

  it('remembers only images, and only the last 2,000 addresses', async () => {
    const images = new AttachmentImages({ baseUrl: sbx.info.baseUrl, remembered: 2000 });
    opened.push(images);
    const pdf = `${otherUrl}/terms.pdf`;
    images.receive([
      { attachments: [{ ...partsWith(pdf)[0]!.attachments[0]!, mime_type: 'application/pdf' }] },
    ] as ConversationPart[]);
    const urls = Array.from({ length: 2001 }, (_, i) => `${otherUrl}/${i}.png`);
    images.receive(partsWith(...urls));
    await expect(images.read(pdf)).rejects.toThrow('only images attached');
    await expect(images.read(urls[0]!)).rejects.toThrow('only images attached');
    expect(await images.read(urls[1]!)).toMatch(/^data:image\/png/);
    // Received again, an address counts as new and outlives those received after it once.
    images.receive(partsWith(urls[1]!, ...urls.slice(2, 1999).map((u) => `${u}?again`)));
    images.receive(partsWith(`${otherUrl}/newest.png`));
    expect(await images.read(urls[1]!)).toMatch(/^data:image\/png/);
    await expect(images.read(urls[2]!)).rejects.toThrow('only images attached');
  });
});
