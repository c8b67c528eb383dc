import type { Page } from '@playwright/test';

/**
 * Screenshots are for a person to look at, not checks: they are taken when PERCH_SCREENSHOTS is
 * set (`npm run test:screens`), and every other run saves their time.
 */
export const SCREENSHOTS = Boolean(process.env.PERCH_SCREENSHOTS);

/** A screenshot of the page to `path`, when screenshots are asked for. */
export async function keepScreen(page: Page, path: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path });
}

/** The screen as the agent sees it, wide and narrow, light and dark: test-results/<name>-<size>-<theme>.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const before = page.viewportSize();
  for (const [size, viewport] of [
    ['wide', { width: 1280, height: 800 }],
    ['narrow', { width: 820, height: 520 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `test-results/${name}-${size}-${theme}.png` });
    }
  }
  if (before) await page.setViewportSize(before);
  await page.emulateMedia({ colorScheme: 'light' });
}
