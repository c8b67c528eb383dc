import type { Page } from '@playwright/test';
import { expect, openConversation, test, type Perch } from './support/harness';
import { openPalette } from './support/palette';

/** Opens a conversation the agent has not closed, brought to the top of the list by a visitor message. */
async function openOne(page: Page, perch: Perch, body: string) {
  const c = openConversation(perch);
  await page.goto(perch.host.url);
  perch.sandbox.simulator.writeInto(c, body);
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.timeline')).toContainText(body);
  return { c, row };
}

/** The close of a conversation waiting in the outbox for its undo window, if there is one. */
const heldClose = (perch: Perch, id: string) =>
  perch.workspace.outbox
    .list()
    .find((item) => item.action.kind === 'close' && item.action.conversationId === id && item.state === 'pending');

test('with an unsent reply or note, E, the Close button and the palette ask first', async ({ page, perch }) => {
  const { c, row } = await openOne(page, perch, 'Where is my parcel?');
  const dialog = page.getByRole('alertdialog', { name: 'Close without sending?' });

  await page.getByRole('textbox', { name: 'Reply' }).fill('It left our warehouse on');
  await page.keyboard.press('Escape');
  await page.keyboard.press('e');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The reply you wrote has not been sent');
  await expect(dialog.getByRole('button', { name: 'Keep open' })).toBeFocused();
  // Escape keeps it open, with the reply where it was.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveValue('It left our warehouse on');
  expect(heldClose(perch, c.id)).toBeUndefined();

  // A note alone counts too, for the header's Close and the palette's command.
  await page.getByRole('textbox', { name: 'Reply' }).fill('');
  await page.locator('[data-composer-tab="note"]').click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Ask the courier first');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toContainText('The note you wrote has not been saved');
  await dialog.getByRole('button', { name: 'Keep open' }).click();
  await expect(dialog).toBeHidden();
  await openPalette(page);
  await page.keyboard.type('close the conversation');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveAttribute('aria-selected', 'false');
  expect(heldClose(perch, c.id)).toBeDefined();
  await expect.poll(() => perch.sandbox.store.conversations.get(c.id)!.closed, { timeout: 15_000 }).toBe(true);
});

test('a close waits a few seconds with Undo, which takes it back before anything is sent', async ({ page, perch }) => {
  const { c, row } = await openOne(page, perch, 'Thanks, that is all');
  await page.locator('.timeline').click();
  await page.keyboard.press('e');
  const notice = page.getByRole('status').filter({ hasText: 'closed' });
  await expect(notice).toBeVisible();
  await expect(row).toHaveAttribute('aria-selected', 'false');
  // Held in the outbox, not sent: the server still has it open.
  expect(heldClose(perch, c.id)!.undoUntil).toBeGreaterThan(Date.now());
  expect(perch.sandbox.store.conversations.get(c.id)!.closed).toBe(false);

  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(notice).toBeHidden();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  expect(heldClose(perch, c.id)).toBeUndefined();
  expect(perch.sandbox.store.conversations.get(c.id)!.closed).toBe(false);

  // Without Undo, it goes once the window has passed, and the notice with it. Back on it
  // meanwhile, E goes on without a second close.
  await page.locator('.timeline').click();
  await page.keyboard.press('e');
  await expect(notice).toBeVisible();
  await row.click();
  await page.locator('.timeline').click();
  await page.keyboard.press('e');
  await expect(row).toHaveAttribute('aria-selected', 'false');
  expect(perch.workspace.outbox.list().filter((item) => item.action.kind === 'close')).toHaveLength(1);
  await expect.poll(() => perch.sandbox.store.conversations.get(c.id)!.closed, { timeout: 15_000 }).toBe(true);
  await expect(notice).toBeHidden();
});
