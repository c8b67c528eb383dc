import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/screens';

// Perch's own Undo send: replies wait their 5 s in the outbox, as the agent's Perch does.
test.use({ undoSendMs: 'setting' });

test('after Ctrl+Enter the keys are commands again: R, a reply, N, a note; the note never reaches the visitor', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Where is my parcel?');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await expect(reply).toBeVisible();

  await page.locator('.timeline').click();
  await page.keyboard.press('r');
  await expect(reply).toBeFocused();
  await page.keyboard.type('Thanks, checking now');
  await page.keyboard.press('Control+Enter');
  // Sent: the box is empty and has let go of the keyboard, and the notice says what is going where.
  await expect(reply).toHaveValue('');
  await expect(reply).not.toBeFocused();
  const notice = page.locator('[data-undo="reply"]');
  await expect(notice).toContainText('Sending your reply');
  await shoot(page, 'send-flow-undo');

  await page.keyboard.press('n');
  const note = page.getByRole('textbox', { name: 'Note' });
  await expect(note).toBeFocused();
  await page.keyboard.type('Internal: checked the warehouse');
  await page.keyboard.press('Control+Enter');
  await expect(note).not.toBeFocused();

  await expect
    .poll(() => c.parts.filter((p) => p.body.includes('Internal')).map((p) => p.type), { timeout: 15_000 })
    .toEqual(['note']);
  await expect
    .poll(() => c.parts.filter((p) => p.body.includes('Thanks, checking now')).map((p) => p.type), {
      timeout: 15_000,
    })
    .toEqual(['reply_admin']);
  // The note waited for the reply's Undo window: the timeline keeps the order the agent wrote in.
  const order = c.parts.map((p) => p.body);
  expect(order.indexOf('Thanks, checking now')).toBeLessThan(order.indexOf('Internal: checked the warehouse'));
  // Nothing typed after the send went to the visitor as letters.
  expect(c.parts.filter((p) => p.type !== 'note' && /^n/i.test(p.body))).toEqual([]);
});

test('Undo send takes a reply back into the reply box before anything reaches the visitor', async ({ page, perch }) => {
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Can I change my address?');
  const before = c.parts.length;
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('This was meant for another customer');
  await page.keyboard.press('Control+Enter');
  await expect(reply).toHaveValue('');

  await page.locator('[data-undo="reply"]').getByRole('button', { name: /Undo/ }).click();
  await expect(reply).toHaveValue('This was meant for another customer');
  await expect(reply).toBeFocused();
  await expect(page.locator('[data-undo="reply"]')).toHaveCount(0);
  // Taken back from the outbox: nothing is left to send.
  expect(perch.workspace.outbox.list()).toEqual([]);
  expect(c.parts.length).toBe(before);
});

test('Undo send set to Off sends a reply at once', async ({ page, perch }) => {
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Quick question');
  await perch.settings.update((s) => ({ ...s, undoSendSeconds: 0 }));
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await page.getByRole('textbox', { name: 'Reply' }).fill('Sure, ask away');
  await page.keyboard.press('Control+Enter');
  await expect.poll(() => c.parts.at(-1)?.body, { timeout: 3000 }).toBe('Sure, ask away');
  await expect(page.locator('[data-undo="reply"]')).toHaveCount(0);
});
