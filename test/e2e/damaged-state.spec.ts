import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { expect, test, type Perch } from './harness';

let account: RunningSandbox;
test.beforeAll(async () => {
  account = await startSandbox({ port: 0, seed: 31, simulatorIntervalMs: false, conversationsPerApp: 10 });
});
test.afterAll(async () => {
  await account.close();
});

/** The account's folder, as Perch names it, holding an outbox of one whole item and one damaged. */
async function damagedOutbox(perch: Perch) {
  const app = account.info.apps[0]!;
  const conversationId = [...account.store.conversations.values()].find((c) => c.appId === app.id)!.id;
  const folder = join(
    dirname(perch.workspace.options.dataDir),
    `account-${createHash('sha256').update(`${account.info.baseUrl}#${app.id}`).digest('hex').slice(0, 16)}`,
  );
  await mkdir(folder, { recursive: true });
  const whole = {
    id: 'kept-1',
    action: { kind: 'reply', conversationId, body: 'A reply that survived', note: false },
    randomId: 4242,
    state: 'failed',
    attempts: 12,
    createdAt: Date.now(),
    nextAttemptAt: 0,
    ambiguous: false,
    lastError: 'The server refused it',
    partId: null,
  };
  await writeFile(join(folder, `outbox-${app.id}.json`), JSON.stringify([whole, { ...whole, id: 'x', action: null }]));
  return {
    folder,
    connect: () =>
      perch.sessions.connect({ baseUrl: account.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token }),
  };
}

test('a damaged list of unsent replies: the window says in a sentence what was kept and where the copy is, until dismissed', async ({
  page,
  perch,
}) => {
  const app = account.info.apps[0]!;
  const { folder, connect } = await damagedOutbox(perch);
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  expect(await connect()).toMatchObject({ ok: true });

  const banner = page.locator('.banner.damage');
  await expect(banner).toContainText('The list of unsent replies was damaged; 1 of 2 were kept.');
  await expect(banner).toContainText(`The damaged copy is in ${join(folder, `outbox-${app.id}.json.damaged-`)}`);
  await page.screenshot({ path: 'test-results/damaged-state-banner.png' });
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  expect(perch.sessions.state().damaged).toEqual([]);
  expect(perch.workspace.outbox.list().map((i) => i.id)).toEqual(['kept-1']);
});

test('the same notice in Russian', async ({ browser, perch }) => {
  const { connect } = await damagedOutbox(perch);
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
