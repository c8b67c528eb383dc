import type { Page } from '@playwright/test';
import { expect, type Perch } from './harness';
import { SCREENSHOTS } from './screens';

/**
 * Screenshots of the screen as it is, in English and Russian, light and dark, to
 * /tmp/h-polish-<name>-<locale>-<theme>.png, for a person to look at; English and the
 * system's theme again after.
 */
export async function shoot(page: Page, perch: Perch, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  for (const locale of ['en', 'ru'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await perch.settings.update((s) => ({ ...s, locale, theme }));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.screenshot({ path: `/tmp/h-polish-${name}-${locale}-${theme}.png` });
    }
  }
  await perch.settings.update((s) => ({ ...s, locale: 'en', theme: 'system' }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}
