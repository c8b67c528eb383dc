import { expect, test } from './support/harness';

test.use({ undoWindowMs: 30_000 });

test('E never goes on to a conversation whose own close still waits with Undo', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list.getByRole('option').nth(2)).toBeVisible();
  const ids = await list
    .getByRole('option')
    .evaluateAll((els) => els.slice(0, 3).map((el) => el.getAttribute('data-conversation-id')!));
  const row = (i: number) => list.locator(`[data-conversation-id="${ids[i]}"]`);
  // The second is closed with E: its close waits 30 s with Undo, and the third opens.
  await row(1).click();
  await page.locator('.timeline').click();
  await page.keyboard.press('e');
  await expect(page.locator(`[data-undo-close="${ids[1]}"]`)).toBeVisible();
  await expect(row(2)).toHaveAttribute('aria-selected', 'true');
  // Back to the first: E goes on past the second, still being closed, to the third.
  await row(0).click();
  await page.locator('.timeline').click();
  await page.keyboard.press('e');
  await expect(page.locator(`[data-undo-close="${ids[0]}"]`)).toBeVisible();
  await expect(row(2)).toHaveAttribute('aria-selected', 'true');
});
