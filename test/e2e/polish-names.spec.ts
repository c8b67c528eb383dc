import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/polish-shots';

test('names: buttons for the visitor are "Reply buttons", Alt+1…9 is in the help sheet, Russian says "Ждут больше 5 мин"', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Hello');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.getByRole('button', { name: 'Reply buttons' })).toBeVisible();
  await expect(page.getByText('Quick replies')).toHaveCount(0);

  await page.locator('[data-search]').focus();
  await page.locator('[data-search]').press('Escape');
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Alt+1…9');
  await expect(help).toContainText('Insert saved reply 1–9');
  await shoot(page, perch, 'help');
  await help.getByRole('button', { name: 'Done' }).click();

  await perch.settings.update((s) => ({ ...s, locale: 'ru' }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('button', { name: 'Ждут больше 5 мин' })).toBeVisible();
  await expect(page.getByText('Задержанные')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Кнопки для посетителя' })).toBeVisible();
});
