import { expect, test } from './support/harness';
import { controlsCovered } from './notice-placement';
import { keepScreen } from './support/screens';

for (const size of [
  { width: 1280, height: 800 },
  { width: 820, height: 520 },
]) {
  test(`at ${size.width}×${size.height} the zoom notice covers none of the controls, the composer's included`, async ({
    page,
    perch,
  }) => {
    await page.setViewportSize(size);
    await page.goto(perch.host.url);
    await page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').nth(1).click();
    await expect(page.getByRole('button', { name: 'Attach a file' })).toBeVisible();
    await page.locator('body').press('Escape');
    await page.keyboard.press('Control+Equal');
    await page.keyboard.press('Control+Equal');
    await expect.poll(() => perch.settings.get().zoomPercent).toBe(125);
    const notice = page.getByRole('status').filter({ hasText: 'Zoom: 125 %' });
    await expect(notice).toBeVisible();
    await page.keyboard.press('r');
    await keepScreen(page, `test-results/zoom-notice-${size.width}x${size.height}.png`);
    expect(await controlsCovered(notice)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+0');
  });
}
