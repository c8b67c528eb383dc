import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { expect, test } from './support/harness';

test.use({ firstRun: true, secureStorage: false });

let account: RunningSandbox;
test.beforeAll(async () => {
  account = await startSandbox({ port: 0, seed: 29, simulatorIntervalMs: false, conversationsPerApp: 10 });
});
test.afterAll(async () => {
  await account.close();
});

test('no keychain on this computer: Perch says so, and keeps the token in a plain file only after the agent agrees', async ({
  page,
  perch,
}) => {
  const app = account.info.apps[0]!;
  await page.goto(perch.host.url);
  await page
    .getByRole('dialog', { name: 'Welcome to Perch' })
    .getByRole('button', { name: /Connect an account/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });
  await dialog.getByLabel('API address').fill(account.info.baseUrl);
  await dialog.getByLabel('Application ID').fill(String(app.id));
  await dialog.getByLabel('API token').fill(app.token);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  // The token is checked first; then the agent picks themselves among the administrators.
  const me = account.store.admins.get(app.adminId)!;
  await dialog.getByRole('radio', { name: `${me.name} (ID ${me.id})` }).check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('alert')).toContainText('no secure place to keep the token');
  expect(perch.accounts.state().accounts.map((a) => a.mode)).toEqual(['sandbox']);

  await dialog.getByRole('checkbox', { name: /plain file/ }).check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.account')).toContainText(`Account ${app.id}`);
  expect(perch.accounts.state()).toMatchObject({ tokenStorage: 'plain', accounts: [{ mode: 'account' }] });
});
