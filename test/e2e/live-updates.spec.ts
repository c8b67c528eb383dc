import { auditScreen } from './support/audit';
import { expect, test } from './support/harness';

/** Whether changes reach the agent live (the Realtime Services) or by polling alone, said where the status is. */
test.describe('with the Realtime Services', () => {
  test.use({ realtimeStream: true });

  test('the status says updates are live, Diagnostics says so per account, and a lost line shows', async ({
    page,
    perch,
  }) => {
    await page.setViewportSize({ width: 820, height: 520 });
    await page.goto(perch.host.url);
    await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
    await expect(page.locator('[data-live]')).toHaveText('Live updates');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Commands' }).fill('Diagnostics');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Diagnostics' });
    await expect(dialog.getByRole('region', { name: 'Live updates' })).toContainText(/: connected\./);
    await auditScreen(page, 'diagnostics-live');
    await page.keyboard.press('Escape');

    // The server closes every realtime connection and refuses new ones for a while: polling carries on.
    perch.sandbox.realtime.close();
    await expect(page.locator('[data-live]')).toHaveText('Checking every few seconds');
  });
});

test('without the Realtime Services the status says Perch checks every few seconds', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.getByText('Up to date')).toBeVisible();
  await expect(page.locator('[data-live]')).toHaveText('Checking every few seconds');
  await expect(page.locator('[data-live]')).toHaveAttribute('title', /checks for changes every few seconds/);
});
