import type { Page } from '@playwright/test';
import { auditScreen } from './support/audit';
import { expect, test, type Perch } from './support/harness';

/** The agent switches an account's live updates off and on again on the Accounts screen (issue #25). */
test.use({ realtimeStream: true });

const TEXT = {
  en: { accounts: 'Accounts', live: 'Live updates', off: 'Live updates off', name: /^Live updates for / },
  ru: {
    accounts: 'Аккаунты',
    live: 'Обновления в реальном времени',
    off: 'Обновления в реальном времени выключены',
    name: /^Обновления в реальном времени для /,
  },
} as const;

async function openAccounts(page: Page, language: 'en' | 'ru') {
  await page.locator('.account').getByRole('button', { name: TEXT[language].accounts }).click();
  return page.getByRole('dialog', { name: TEXT[language].accounts }).locator('[data-account-row="demo"]');
}

async function diagnosticsSays(page: Page, sentence: RegExp) {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Commands' }).fill('Diagnostics');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Diagnostics' });
  await expect(dialog.getByRole('region', { name: 'Live updates' })).toContainText(sentence);
  await page.keyboard.press('Escape');
}

const connections = (perch: Perch) => perch.sandbox.realtime.connections;

test('switched off, the sidebar and Diagnostics say so and no connection stays open; on again, live', async ({
  page,
  perch,
}) => {
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  const line = page.locator('[data-live]');
  await expect(line).toHaveText('Live updates');

  let row = await openAccounts(page, 'en');
  const toggle = row.getByRole('switch', { name: TEXT.en.name });
  await expect(toggle).toBeChecked();
  await expect(row).toContainText('On: changes arrive at once. Off: Perch checks every few seconds.');
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(line).toHaveText('Live updates off');
  await expect.poll(() => connections(perch)).toBe(0);
  await auditScreen(page, 'live-switch-off-en');
  await page.keyboard.press('Escape');
  await diagnosticsSays(page, /: off, switched off in Accounts; Perch checks every few seconds\./);

  row = await openAccounts(page, 'en');
  await row.getByRole('switch', { name: TEXT.en.name }).click();
  await expect(line).toHaveText('Live updates');
  await expect.poll(() => connections(perch)).toBe(1);
  await page.keyboard.press('Escape');
  await diagnosticsSays(page, /: connected\./);
});

test('the switch in Russian, audited', async ({ page, perch }) => {
  await perch.settings.update((settings) => ({ ...settings, locale: 'ru' }));
  await page.goto(perch.host.url);
  await expect(page.locator('[data-live]')).toHaveText(TEXT.ru.live);
  const row = await openAccounts(page, 'ru');
  const toggle = row.getByRole('switch', { name: TEXT.ru.name });
  await expect(row).toContainText('Включено: изменения приходят сразу.');
  await auditScreen(page, 'live-switch-on-ru');
  await toggle.click();
  await expect(page.locator('[data-live]')).toHaveText(TEXT.ru.off);
});
