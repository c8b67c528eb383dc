import { expect, openConversation, test } from './support/harness';
import { controlsCovered } from './notice-placement';
import { keepScreen } from './support/screens';

test.use({ undoSendMs: 30_000, undoWindowMs: 30_000 });

test('quick sends and a close stack at most three Undo notices above the composer, newest nearest it, and Ctrl+Z undoes the newest', async ({
  page,
  perch,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const c = openConversation(perch, (conv) => conv.assigneeId === null);
  perch.sandbox.simulator.writeInto(c, 'Are you there?');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const reply = page.getByRole('textbox', { name: 'Reply' });
  for (const text of ['One moment', 'Checking your order', 'Found it']) {
    await reply.fill(text);
    await page.keyboard.press('Control+Enter');
    await expect(reply).toHaveValue('');
  }
  await reply.press('Escape');
  await page.keyboard.press('e');
  const stack = page.locator('.notices');
  const notices = stack.locator('.undo-notice');
  await expect(stack.locator('[data-undo-close]')).toBeVisible();
  await expect(notices).toHaveCount(3);
  await expect(stack).toContainText('and 1 more');
  // The newest (the close) is the one nearest the composer, at the bottom of the stack.
  await expect(notices.last()).toHaveAttribute('data-undo', 'close');
  await keepScreen(page, 'test-results/undo-stack-1280.png');
  expect(await controlsCovered(stack)).toEqual([]);

  // Ctrl+Z, outside a text field, undoes the newest: the close.
  await page.locator('body').click({ position: { x: 700, y: 400 } });
  await page.keyboard.press('Control+z');
  await expect(stack.locator('[data-undo-close]')).toHaveCount(0);
  await expect(notices).toHaveCount(3);
  await expect(stack).not.toContainText('more');

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Undo the last action');
});

test('at 820×520 a reply’s Undo notice leaves the note box opened after it uncovered', async ({ page, perch }) => {
  await page.setViewportSize({ width: 820, height: 520 });
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Are you there?');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('One moment');
  await page.keyboard.press('Control+Enter');
  await expect(reply).toHaveValue('');
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(page.getByRole('textbox', { name: 'Note' })).toBeFocused();
  const stack = page.locator('.notices');
  await expect(stack.locator('[data-undo="reply"]')).toBeVisible();
  await keepScreen(page, 'test-results/undo-stack-820.png');
  expect(await controlsCovered(stack)).toEqual([]);
});
