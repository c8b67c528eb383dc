import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { damagedOutbox } from './support/damaged-outbox';
import { expect, test } from './support/harness';
import { keepScreen } from './support/screens';

let account: RunningSandbox;
test.beforeAll(async () => {
  account = await startSandbox({ port: 0, seed: 31, simulatorIntervalMs: false, conversationsPerApp: 10 });
});
test.afterAll(async () => {
  await account.close();
});

test('a damaged list of unsent replies: the window says in a sentence what was kept and where the copy is, until dismissed', async ({
  page,
  perch,
}) => {
  const app = account.info.apps[0]!;
  const { folder, connect } = await damagedOutbox(perch, account);
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  expect(await connect()).toMatchObject({ ok: true });

  const banner = page.locator('.banner.damage');
  await expect(banner).toContainText('The list of unsent replies was damaged; 1 of 2 were kept.');
  await expect(banner).toContainText(`The damaged copy is in ${join(folder, `outbox-${app.id}.json.damaged-`)}`);
  await keepScreen(page, 'test-results/damaged-state-banner.png');
  // The notice takes its own room: the search, the filters and the first row stay usable under it.
  const inbox = page.getByRole('region', { name: 'Conversations' });
  for (const target of [
    inbox.getByRole('searchbox'),
    inbox.getByRole('button', { name: 'Unanswered' }),
    inbox.getByRole('option').first(),
  ])
    await target.click({ trial: true, timeout: 2_000 });
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  expect(perch.accounts.state().damaged).toEqual([]);
  expect(perch.workspace.outbox.list().map((i) => i.id)).toEqual(['kept-1']);
});

test('the same notice in Russian', async ({ browser, perch }) => {
  const { connect } = await damagedOutbox(perch, account);
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 820, height: 520 } });
  const page = await context.newPage();
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox').first()).toBeVisible();
  expect(await connect()).toMatchObject({ ok: true });
  const banner = page.locator('.banner.damage');
  await expect(banner).toContainText(
    'Список неотправленных ответов был повреждён; сохранено 1 из 2. Повреждённая копия:',
  );
  await banner.getByRole('button', { name: 'Закрыть' }).click();
  await expect(banner).toBeHidden();
  await context.close();
});

test.describe('a damaged search store', () => {
  test.use({ dataFiles: { 'search-index.jsonl': '{"perchSearch":1}\n["add","demo/1",[1],"oops"\nnot json\n' } });

  test('is kept aside, the search starts afresh, and the window says so calmly', async ({ page, perch }) => {
    await page.goto(perch.host.url);
    const banner = page.locator('.banner.damage');
    await expect(banner).toContainText(
      'Search was rebuilt: older messages will be searchable again as Perch reads them.',
    );
    await expect(banner).toContainText('search-index.jsonl.damaged-');
    await keepScreen(page, 'test-results/damaged-search-banner.png');
    // The fresh store finds what Perch reads from now on.
    await page.getByRole('region', { name: 'Conversations' }).getByRole('searchbox').fill('discount');
    await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
  });

  test('in Russian', async ({ page, perch }) => {
    await perch.accounts.handlers['settings:update']({ locale: 'ru' });
    await page.setViewportSize({ width: 820, height: 520 });
    await page.goto(perch.host.url);
    const banner = page.locator('.banner.damage');
    await expect(banner).toContainText('Поиск создан заново: старые сообщения снова найдутся, когда Perch их прочтёт.');
    await keepScreen(page, 'test-results/damaged-search-banner-ru.png');
  });
});
