import { expect, test } from './support/harness';
import { openPalette } from './support/palette';

test('the composer’s mode: N and the palette’s “Write a reply” switch it, another conversation opens on a reply', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const rows = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
  await expect(rows.nth(1)).toBeVisible();
  await rows.nth(0).click();
  const composer = page.locator('.composer');
  await expect(composer).toHaveClass(/composer-reply/);

  await page.locator('body').press('n');
  await expect(composer).toHaveClass(/composer-note/);
  await expect(page.getByRole('tab', { name: 'Note' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Note' })).toBeFocused();

  await openPalette(page);
  await page.keyboard.type('write a reply');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Commands' })).toBeHidden();
  await expect(composer).toHaveClass(/composer-reply/);
  await expect(page.getByRole('textbox', { name: 'Reply' })).toBeFocused();

  await page.getByRole('tab', { name: 'Note' }).click();
  await expect(composer).toHaveClass(/composer-note/);
  await rows.nth(1).click();
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(composer).toHaveClass(/composer-reply/);
  await expect(page.getByRole('tab', { name: 'Reply' })).toHaveAttribute('aria-selected', 'true');
});
