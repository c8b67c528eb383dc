import { crc32, deflateSync } from 'node:zlib';
import { auditScreen } from './support/audit';
import { expect, openConversation as pick, test } from './support/harness';

test.use({ viewport: { width: 820, height: 520 } });

/** A PNG of w×h pixels, one colour: small, valid, and told apart by its size. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('images: thumbnails in the conversation, a viewer with zoom and arrow keys, Escape gives focus back', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const c = pick(perch);
  perch.sandbox.simulator.writeInto(c, 'Here is what I see');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const input = page.locator('[data-attach-input]');
  const send = page.getByRole('button', { name: 'Send' });
  for (const [name, w, h] of [
    ['first.png', 40, 30],
    ['second.png', 60, 20],
  ] as const) {
    await input.setInputFiles({ name, mimeType: 'image/png', buffer: png(w, h) });
    await send.click();
    await expect.poll(() => c.parts.at(-1)?.attachments[0]?.filename).toBe(name);
  }
  // A PDF is a file with its type and size, not a thumbnail.
  await input.setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 x') });
  await send.click();
  await expect(page.locator('.timeline .part.admin:not(.pending) .attachments').last()).toContainText('PDF · 10 B');

  const first = page.getByRole('button', { name: 'Open first.png' });
  await expect(first.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByRole('button', { name: 'Open second.png' }).locator('img')).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await expect(page.getByRole('button', { name: 'Open terms.pdf' })).toHaveCount(0);
  await auditScreen(page, 'image-thumbnails', 'narrow');

  await first.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'Image 1 of 2: first.png' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(viewer.getByRole('img', { name: 'first.png' })).toHaveJSProperty('naturalWidth', 40);
  await page.keyboard.press('ArrowRight');
  const second = page.getByRole('dialog', { name: 'Image 2 of 2: second.png' });
  await expect(second.getByRole('img', { name: 'second.png' })).toHaveJSProperty('naturalWidth', 60);
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(second.locator('[data-zoom]')).toHaveAttribute('data-zoom', '2');
  await expect(second.getByText('200%')).toBeVisible();
  await page.keyboard.press('-');
  await expect(second.locator('[data-zoom]')).toHaveAttribute('data-zoom', '1.5');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Image 1 of 2: first.png' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(second).toBeVisible();
  await auditScreen(page, 'image-viewer');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();
  // Escape closed the viewer only: the conversation is still open.
  await expect(page.locator('main.conversation .composer')).toBeVisible();
});
