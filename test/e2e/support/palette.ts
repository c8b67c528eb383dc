import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the command palette with Ctrl+K and waits until its field has the focus: keys typed
 * before that belong to the page behind it.
 */
export async function openPalette(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Commands' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  return palette;
}
