import { expect, test } from './support/harness';
import { shoot } from './support/screens';
import { openPalette } from './support/palette';

test('E closes the conversation and opens the next one; a closed one says how it reopens', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list.getByRole('option').nth(2)).toBeVisible();
  const ids = await list
    .getByRole('option')
    .evaluateAll((els) => els.slice(0, 3).map((el) => el.getAttribute('data-conversation-id')!));
  await list.locator(`[data-conversation-id="${ids[0]}"]`).click();
  await expect(list.locator(`[data-conversation-id="${ids[0]}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.locator('.timeline').click();
  await page.keyboard.press('e');
  await expect.poll(() => perch.sandbox.store.conversations.get(ids[0]!)!.closed).toBe(true);
  await expect(list.locator(`[data-conversation-id="${ids[1]}"]`)).toHaveAttribute('aria-selected', 'true');

  // No admin call reopens a conversation: Perch says what does, instead of a button that cannot work.
  await page.getByRole('button', { name: 'Closed' }).click();
  await list.locator(`[data-conversation-id="${ids[0]}"]`).click();
  await expect(page.locator('.conversation-head')).toContainText('The visitor’s next message reopens it');
  await openPalette(page);
  await page.keyboard.type('reopen');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Perch cannot reopen' })).toBeVisible();
  await shoot(page, 'closed-conversation');
});
