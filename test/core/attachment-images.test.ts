import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAttachmentImage } from '../../src/main/core/toolkit/attachment-images';
import type { RunningSandbox } from '../../src/sandbox/server';
import { sandbox } from '../support/sandbox';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let sbx: RunningSandbox;
let other: Server;
let otherUrl: string;
/** What the other server answers: a type and bytes, or a redirect. */
let answer: { status: number; type?: string; body?: Buffer; location?: string };
/** The sandbox's account lives on this computer: its files may come over plain http from it. */
const local = { loopback: true };
const asked: { authorization?: string; cookie?: string }[] = [];

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
  await sbx.close();
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

describe('images of attachments, read by main', () => {
  it('come from the address the platform gave as a data: address, without the token', async () => {
    const url = sbx.store.files.keep('1160406004324630999', 'shot.png', 'image/png', PNG);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/1160406004324630999\/[0-9a-f]{32}\/shot\.png$/);
    expect(await readAttachmentImage(url, local)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    // Without its random part the address answers nothing.
    await expect(readAttachmentImage(url.replace(/[0-9a-f]{32}/, '0'.repeat(32)), local)).rejects.toThrow(
      'no image Perch shows',
    );
    await readAttachmentImage(`${otherUrl}/a.png`, local);
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
    await expect(readAttachmentImage(`${otherUrl}/a.png`, local)).rejects.toThrow();
  });

  it('never read plain http from this computer for an account elsewhere', async () => {
    await expect(readAttachmentImage(`${otherUrl}/a.png`)).rejects.toThrow('only from https');
    expect(asked).toEqual([]);
  });

  it.each([
    'http://example.com/a.png',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:pw@example.com/a.png',
    'https://example.com/\u202Egnp.exe',
  ])('never ask %s', async (url) => {
    await expect(readAttachmentImage(url, local)).rejects.toThrow('only from https');
  });
});
