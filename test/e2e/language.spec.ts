import { expect, openConversation, test } from './support/harness';
import { choose } from './support/select';

test('the language and theme are kept by main: rows switch at once, notifications follow the choice', async ({
  page,
  perch,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(perch.host.url);
  const rows = page.locator('[data-conversation-id]');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Unassigned' }).first()).toBeVisible();

  await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
  await expect.poll(() => perch.settings.get().locale).toBe('ru');
  // Rows already on screen speak the new language without waiting for their data to change.
  await expect(rows.filter({ hasText: 'Не назначен' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Unassigned' })).toHaveCount(0);

  // A notification is written in the chosen language, not the system's.
  const c = openConversation(perch, (x) => x.assigneeId === null);
  perch.sandbox.simulator.writeInto(c, '');
  await expect.poll(() => perch.notifier.shown.find((n) => n.conversationId === c.id)?.body).toBe('Отправил(а) файл');

  await choose(page.getByRole('combobox', { name: 'Тема' }), 'dark');
  await expect.poll(() => perch.settings.get().theme).toBe('dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 23, 28)');
  // Changed elsewhere (the palette of another window, the tray): the window follows.
  await perch.accounts.handlers['settings:update']({ locale: 'en', theme: 'light' });
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveAttribute('data-value', 'en');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(246, 247, 249)');
});

test('a language and theme chosen before main kept them are moved into settings once', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  await page.evaluate(`localStorage.setItem('perch.locale', 'ru'); localStorage.setItem('perch.theme', 'dark')`);
  await page.reload();
  await expect(page.getByRole('button', { name: /Все открытые/ })).toBeVisible();
  await expect.poll(() => [perch.settings.get().locale, perch.settings.get().theme]).toEqual(['ru', 'dark']);
  expect(await page.evaluate(`[localStorage.getItem('perch.locale'), localStorage.getItem('perch.theme')]`)).toEqual([
    null,
    null,
  ]);
});

test('system lines already in the open conversation switch language at once', async ({ page, perch }) => {
  // A visitor with a name: an anonymous one's name is itself in the language, which redraws every part anyway.
  const c = openConversation(
    perch,
    (x) => x.assigneeId !== perch.adminId && !!perch.sandbox.store.users.get(x.userId)?.props.$name,
  );
  await page.goto(perch.host.url);
  perch.sandbox.simulator.writeInto(c, 'Is my order on its way?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Is my order on its way?');
  await page.getByRole('button', { name: 'Assign to me' }).click();
  const system = page.locator('.timeline .part.system');
  await expect(system.last()).toContainText('was assigned');

  await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
  // Read once the composer speaks Russian, not retried: a later redraw (a poll) would hide the old text.
  await expect(page.locator('[data-composer-tab="reply"]')).toHaveText('Ответ');
  expect(await system.last().textContent()).toContain('Назначен:');
  await expect(system.filter({ hasText: 'was assigned' })).toHaveCount(0);
});
