import { expect, test } from './support/harness';
import { choose } from './support/select';
import { keepScreen } from './support/screens';

test('paused notifications leave a sign in the window, with Resume', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.locator('[data-conversation-id]').first()).toBeVisible();
  const sign = page.getByRole('status').filter({ hasText: 'Notifications paused until' });
  await expect(sign).toHaveCount(0);
  // Paused from the tray (or the settings): the window says so until when, in the agent's clock.
  const until = new Date();
  until.setHours(14, 30, 0, 0);
  if (until.getTime() < Date.now()) until.setDate(until.getDate() + 1);
  await perch.settings.update((s) => ({ ...s, notifications: { ...s.notifications, pausedUntil: until.getTime() } }));
  await expect(sign).toContainText(/Notifications paused until (tomorrow )?2:30\sPM/);
  for (const [width, height] of [
    [1280, 800],
    [820, 520],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await keepScreen(page, `test-results/paused-sign-${width}-${theme}.png`);
    }
  }
  await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
  await expect(
    page.getByRole('status').filter({ hasText: /Уведомления приостановлены до (завтра, )?14:30/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Возобновить' }).click();
  await expect.poll(() => perch.settings.get().notifications.pausedUntil).toBeNull();
  await expect(page.getByRole('status').filter({ hasText: 'приостановлены' })).toHaveCount(0);
});
