import type { Page } from '@playwright/test';

/** The screen as the agent sees it, wide and narrow, light and dark: test-results/<name>-<size>-<theme>.png. */
export async function shoot(page: Page, name: string): Promise<void> {
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
