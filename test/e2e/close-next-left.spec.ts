import type { Page } from '@playwright/test';
import { expect, test, type Perch } from './support/harness';
import { colleague } from './support/people';

/** The first rows of the list on screen, by conversation ID. */
async function firstIds(page: Page, count: number): Promise<string[]> {
  const rows = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
  await expect(rows.nth(count - 1)).toBeVisible();
  return rows.evaluateAll((els, n) => els.slice(0, n).map((el) => el.getAttribute('data-conversation-id')!), count);
}

const row = (page: Page, id: string) => page.locator(`[data-conversation-id="${id}"]`);

/** Unassigned, with the conversation in the middle of the first three open and the keyboard on the page. */
async function openMiddleOfUnassigned(page: Page, perch: Perch): Promise<string[]> {
  await page.goto(perch.host.url);
  await page.getByRole('button', { name: /^Unassigned/ }).click();
  const ids = await firstIds(page, 3);
  await row(page, ids[1]!).click();
  await expect(row(page, ids[1]!)).toHaveAttribute('aria-selected', 'true');
  await page.locator('.timeline').click();
  return ids;
}

test('after A takes it out of Unassigned, E closes the conversation and opens the one after it', async ({
  page,
  perch,
}) => {
  const [, current, after] = await openMiddleOfUnassigned(page, perch);
  await page.keyboard.press('a');
  await expect(row(page, current!)).toHaveCount(0);
  await page.keyboard.press('e');
  await expect(row(page, after!)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => perch.sandbox.store.conversations.get(current!)!.closed, { timeout: 15_000 }).toBe(true);
});

test('after a colleague takes it, E opens the neighbour it had in the list', async ({ page, perch }) => {
  const [, current, after] = await openMiddleOfUnassigned(page, perch);
  await colleague.assigns(perch, current!);
  await expect(row(page, current!)).toHaveCount(0);
  await page.keyboard.press('e');
  await expect(row(page, after!)).toHaveAttribute('aria-selected', 'true');
});
