import { expect, openConversation as pick, test } from './support/harness';
import { keepScreen } from './support/screens';

test('quick-reply buttons with meta_data go out with the reply, and the visitor’s press is marked', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const c = pick(perch);
  perch.sandbox.simulator.writeInto(c, 'Which size fits me?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await page.getByRole('textbox', { name: 'Reply' }).fill('Pick your size:');
  await page.getByRole('button', { name: 'Reply buttons' }).click();
  await page.getByRole('textbox', { name: 'Button 1', exact: true }).fill('Small');
  // Hidden data goes with a button as name and value rows, never as JSON typed by hand.
  await expect(page.getByText(/meta_data|JSON/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add hidden data to button 1' }).click();
  await page.getByRole('textbox', { name: 'Name 1 of button 1' }).fill('size');
  await page.getByRole('textbox', { name: 'Value 1 of button 1' }).fill('S');
  await page.getByRole('button', { name: 'Add a button' }).click();
  await page.getByRole('textbox', { name: 'Button 2', exact: true }).fill('Large');
  await page.getByRole('button', { name: 'Add hidden data to button 2' }).click();
  await page.getByRole('textbox', { name: 'Value 1 of button 2' }).fill('L');
  await expect(page.getByRole('alert')).toContainText('Button 2: give each value a name.');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove hidden data 1 of button 2' }).click();
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/quick-replies-${theme}.png`);
  }
  await expect(page.getByRole('list', { name: 'Preview of the buttons' })).toContainText('Small');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => c.parts.at(-1)?.body).toBe('Pick your size:');
  expect(c.parts.at(-1)!.actions).toEqual([
    { type: 'quick_reply', body: 'Small', meta_data: { size: 'S' } },
    { type: 'quick_reply', body: 'Large' },
  ]);
  await expect(page.locator('.timeline .part.admin:not(.pending) .quick-replies').last()).toContainText('Small');

  perch.sandbox.simulator.respond(c);
  await expect.poll(() => c.parts.at(-1)?.type, { timeout: 5000 }).toBe('reply_user');
  expect(['Small', 'Large']).toContain(c.parts.at(-1)!.body);
  await expect(page.locator('.timeline .part.visitor').last()).toContainText('Pressed a reply button');
});

test('attachments: checked before sending, sent through the outbox with the reply, shown with name and size', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const c = pick(perch);
  perch.sandbox.simulator.writeInto(c, 'Can you send me the invoice?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const input = page.locator('[data-attach-input]');
  const send = page.getByRole('button', { name: 'Send' });

  await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.locator('.picked-file').getByRole('alert')).toHaveText(
    'Only images, PDF, text, CSV, office documents and videos are sent to visitors.',
  );
  await expect(send).toBeDisabled();
  await input.setInputFiles({
    name: 'huge.zip',
    mimeType: 'application/zip',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(page.locator('.picked-file').getByRole('alert')).toHaveText('Files up to 10.0 MB can be sent.');
  await expect(send).toBeDisabled();

  const pdf = Buffer.from('%PDF-1.4 the invoice');
  await input.setInputFiles({ name: 'invoice-1042.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.locator('.picked-file')).toContainText('invoice-1042.pdf · 20 B');
  await page.getByRole('textbox', { name: 'Reply' }).fill('Here it is.');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/composer-attachment-${theme}.png`);
  }
  await send.click();
  await expect(page.locator('.picked-file')).toHaveCount(0);
  await expect.poll(() => c.parts.at(-1)?.attachments[0]?.filename).toBe('invoice-1042.pdf');
  expect(c.parts.at(-1)).toMatchObject({
    body: 'Here it is.',
    attachments: [{ size: pdf.length, mime_type: 'application/pdf' }],
  });
  await expect(page.locator('.timeline .part.admin:not(.pending) .attachments').last()).toContainText(
    'invoice-1042.pdf',
  );

  // A file alone, dropped on the composer, is a reply of its own.
  await page.locator('.composer').dispatchEvent('drop', {
    dataTransfer: await page.evaluateHandle(() => {
      const win = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string, options: { type: string }) => unknown;
      };
      const transfer = new win.DataTransfer();
      transfer.items.add(new win.File(['label'], 'label.png', { type: 'image/png' }));
      return transfer;
    }),
  });
  await expect(page.locator('.picked-file')).toContainText('label.png');
  await send.click();
  await expect.poll(() => c.parts.at(-1)?.attachments[0]?.filename).toBe('label.png');
  expect(c.parts.at(-1)!.body).toBe('');
});
