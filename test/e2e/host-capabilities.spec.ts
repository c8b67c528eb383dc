import { auditScreen } from './support/audit';
import { expect, test } from './support/harness';

/**
 * A browser tab cannot start Perch at login, keep it in the tray or take a global shortcut:
 * Settings offers none of them there and says where they live instead.
 */
test('the plain browser host offers no start at login, tray or global shortcut', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('group', { name: 'Starting Perch' })).toContainText(
    'Start at login, the tray and a shortcut to show Perch come with the desktop app',
  );
  await expect(dialog.getByRole('checkbox', { name: 'Start at login' })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: 'Start in the tray, without the window' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Shortcut to show Perch/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'No shortcut' })).toHaveCount(0);
  await page.setViewportSize({ width: 820, height: 520 });
  await dialog.getByRole('group', { name: 'Starting Perch' }).scrollIntoViewIfNeeded();
  await auditScreen(page, 'settings-browser-host', 'narrow');
});

test('in Russian', async ({ page, perch }) => {
  await perch.accounts.handlers['settings:update']({ locale: 'ru' });
  await page.goto(perch.host.url);
  await page.getByRole('button', { name: 'Настройки' }).click();
  const dialog = page.getByRole('dialog', { name: 'Настройки' });
  await expect(dialog.getByRole('group', { name: 'Запуск Perch' })).toContainText(
    'Запуск при входе, трей и сочетание клавиш для Perch есть в приложении для компьютера',
  );
  await expect(dialog.getByRole('checkbox', { name: 'Запускать при входе' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Сочетание клавиш для Perch/ })).toHaveCount(0);
  await page.setViewportSize({ width: 820, height: 520 });
  await dialog.getByRole('group', { name: 'Запуск Perch' }).scrollIntoViewIfNeeded();
  await auditScreen(page, 'settings-browser-host-ru', 'narrow');
});
