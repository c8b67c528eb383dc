import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { expect, test } from './support/harness';
import { shoot } from './support/polish-shots';

let account: RunningSandbox;
test.beforeAll(async () => {
  account = await startSandbox({ port: 0, seed: 23, simulatorIntervalMs: false, conversationsPerApp: 30 });
});
test.afterAll(async () => {
  await account.close();
});

test('the connect form: picking yourself is a step, not an error; the demo checkbox sits by its label; a new token or a new opening starts afresh', async ({
  page,
  perch,
}) => {
  const [first, second] = account.info.apps as [(typeof account.info.apps)[0], (typeof account.info.apps)[0]];
  const adminOf = (appId: string) => account.store.admins.get(appId === first.id ? first.adminId : second.adminId)!;
  await page.goto(perch.host.url);
  await page.locator('.account').getByRole('button', { name: 'Connect an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });

  // "Keep the demo beside it": the box right before its words, on their line.
  const keep = dialog.getByRole('checkbox', { name: 'Keep the demo beside it' });
  const box = (await keep.boundingBox())!;
  const words = (await dialog.getByText('Keep the demo beside it').boundingBox())!;
  expect(words.x - (box.x + box.width)).toBeGreaterThanOrEqual(0);
  expect(words.x - (box.x + box.width)).toBeLessThan(16);
  expect(Math.abs(words.y + words.height / 2 - (box.y + box.height / 2))).toBeLessThan(6);

  await dialog.getByLabel('API address').fill(account.info.baseUrl);
  await dialog.getByLabel('API token').fill(first.token);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  // The token works: the next step is said as a step, not as an error.
  await expect(dialog.getByRole('status')).toContainText('The token works. Now pick yourself');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const picker = dialog.getByRole('radiogroup', { name: 'Who are you?' });
  await picker.getByRole('radio', { name: new RegExp(`\\(ID ${first.adminId}\\)`) }).check();
  await shoot(page, perch, 'connect-step');

  // Another application's token: the first one's administrators go.
  await dialog.getByLabel('API token').fill(second.token);
  await expect(picker).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('status')).toContainText('pick yourself');
  await expect(picker.getByRole('radio', { name: new RegExp(`\\(ID ${second.adminId}\\)`) })).not.toBeChecked();
  await expect(picker.getByRole('radio', { name: new RegExp(`\\(ID ${first.adminId}\\)`) })).toHaveCount(0);

  // An ID of none of them: keeping it is offered while there is an ID to keep.
  await picker.getByRole('radio', { name: 'Another administrator ID' }).check();
  await dialog.getByLabel('Your administrator ID').fill(first.adminId);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('alert')).toContainText('keep the ID if you are sure of it');
  await expect(dialog.getByRole('checkbox', { name: `Keep ID ${first.adminId} anyway` })).toBeVisible();
  await dialog.getByLabel('Your administrator ID').fill('');
  await expect(dialog.getByRole('checkbox', { name: /Keep ID/ })).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toContainText(`Administrator ${first.adminId} is none of`);
  await expect(dialog.getByRole('alert')).not.toContainText('keep the ID');
  await shoot(page, perch, 'connect-unlisted');

  await picker.getByRole('radio', { name: new RegExp(`\\(ID ${second.adminId}\\)`) }).check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  expect(adminOf(second.id).id).toBe(second.adminId);

  // "Add an account" opens an empty form: no administrators, nothing chosen, no message.
  await page.locator('[data-accounts-open]').click();
  await page.getByRole('dialog', { name: 'Accounts' }).getByRole('button', { name: 'Add an account' }).click();
  await expect(dialog.getByLabel('API address')).toHaveValue('');
  await expect(dialog.getByLabel('API token')).toHaveValue('');
  await expect(picker).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('status')).toHaveCount(0);
});
