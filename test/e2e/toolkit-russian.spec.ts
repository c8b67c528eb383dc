import { auditScreen } from './support/audit';
import { expect, openConversation as pick, test } from './support/harness';

test.use({ viewport: { width: 820, height: 520 } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('the toolkit in Russian: the picker, the saved-replies editor, the find bar and the image viewer', async ({
  page,
  perch,
}) => {
  await perch.accounts.handlers['settings:update']({ locale: 'ru' });
  for (const [title, body] of [
    ['Приветствие', 'Здравствуйте, {{visitor.name|друг}}!'],
    ['Возврат', 'Возврат занимает 5 дней.'],
  ])
    await perch.accounts.handlers['saved-replies:save']({ title: title!, body: body!, accountId: null, buttons: [] });
  await page.goto(perch.host.url);
  const c = pick(perch);
  perch.sandbox.simulator.writeInto(c, 'Посылка не пришла, посылка потерялась?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await page.locator('[data-attach-input]').setInputFiles({ name: 'фото.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect.poll(() => c.parts.at(-1)?.attachments[0]?.filename).toBe('фото.png');

  const box = page.getByRole('textbox', { name: 'Ответ' });
  await box.fill('/');
  await expect(page.getByRole('status').filter({ hasText: '2 сохранённых ответа' })).toBeVisible();
  await auditScreen(page, 'saved-replies-picker-ru', 'narrow');
  await box.press('Escape');

  await page.keyboard.press('Control+f');
  await page.getByRole('searchbox', { name: 'Найти в этом диалоге' }).fill('посылка');
  await expect(page.locator('#find-count')).toHaveText('1 из 2');
  await auditScreen(page, 'find-bar-ru', 'narrow');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Открыть фото.png' }).click();
  await expect(page.getByRole('dialog', { name: 'Изображение 1 из 1: фото.png' })).toBeVisible();
  await auditScreen(page, 'image-viewer-ru', 'narrow');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Сохранённые ответы…' }).click();
  await expect(page.getByRole('dialog', { name: 'Сохранённые ответы' })).toBeVisible();
  await auditScreen(page, 'saved-replies-editor-ru', 'narrow');
});
