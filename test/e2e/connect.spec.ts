import { ALL_SCOPES } from '../../src/sandbox/model';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { expect, test } from './support/harness';
import { keepScreen } from './support/screens';

test.use({ firstRun: true });

let account: RunningSandbox;
test.beforeAll(async () => {
  account = await startSandbox({ port: 0, seed: 23, simulatorIntervalMs: false, conversationsPerApp: 30 });
});
test.afterAll(async () => {
  await account.close();
});

test('first run: the welcome choice over a live demo, in both themes; the demo is one click', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const welcome = page.getByRole('dialog', { name: 'Welcome to Perch' });
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('button', { name: /Try the demo workspace/ })).toBeFocused();
  // Single-key shortcuts do not reach the inbox behind the dialog.
  await page.keyboard.press('j');
  await expect(page.locator('[aria-selected="true"]')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/welcome-${theme}.png`);
  }
  await page.getByRole('button', { name: /Try the demo workspace/ }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  expect(perch.accounts.state().welcomed).toBe(true);
  // The choice is kept: a reload does not ask again.
  await page.reload();
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  await expect(welcome).toBeHidden();
});

test('connect an account: a clear message for each failure, then the account’s inbox; sign out returns to the choice', async ({
  page,
  perch,
}) => {
  const app = account.info.apps[0]!;
  const readOnly = account.info.limitedTokens.find((t) => t.appId === app.id)!;
  await page.goto(perch.host.url);
  // The workspace behind the dialog is inert while it is open.
  await expect(page.locator('.app')).toHaveAttribute('inert', '');
  await page
    .getByRole('dialog', { name: 'Welcome to Perch' })
    .getByRole('button', { name: /Connect an account/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });
  await expect(dialog.getByLabel('API address')).toBeFocused();

  const attempt = async (fields: { url: string; appId?: string; token: string }, message: RegExp) => {
    await dialog.getByLabel('API address').fill(fields.url);
    await dialog.getByLabel('Application ID').fill(fields.appId === undefined ? '' : String(fields.appId));
    await dialog.getByLabel('API token').fill(fields.token);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByRole('alert')).toContainText(message);
  };
  // Perch's own page is a web page, not the API: it says so.
  await attempt({ url: new URL(perch.host.url).origin, token: app.token }, /not the messaging API/);
  await attempt({ url: 'http://127.0.0.1:1', token: app.token }, /could not reach/);
  await attempt({ url: 'http://api.example.com', token: app.token }, /only over https:\/\//);
  await attempt({ url: account.info.baseUrl, token: 'wrong' }, /token was refused/);
  await attempt(
    { url: account.info.baseUrl, appId: account.info.apps[1]!.id, token: app.token },
    new RegExp(`application ${account.info.apps[1]!.id}`),
  );
  await attempt(
    { url: account.info.baseUrl, token: readOnly.token },
    /lacks permissions Perch needs: conversations-write/,
  );
  // An application with nothing in it yet: nothing names it, so the form asks for its ID.
  account.store.apps.set('990', { id: '990', name: 'Empty', defaultAdminId: app.adminId });
  account.store.tokens.set('empty-app-token', { token: 'empty-app-token', appId: '990', scopes: new Set(ALL_SCOPES) });
  await attempt(
    { url: account.info.baseUrl, token: 'empty-app-token' },
    /could not tell the application from this token.*Enter the application ID/,
  );
  await expect(dialog.getByLabel('Application ID')).toBeFocused();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/connect-${theme}.png`);
  }
  expect(perch.accounts.state().accounts.map((a) => a.mode)).toEqual(['sandbox']);

  // Only the address and the token: the token names its application, and the check finds its administrators.
  await expect(dialog.getByLabel('Application ID')).toHaveValue('');
  await dialog.getByLabel('API token').fill(app.token);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('status')).toContainText('pick yourself');
  const picker = dialog.getByRole('radiogroup', { name: 'Who are you?' });
  const me = account.store.admins.get(app.adminId)!;
  const others = [...account.store.admins.values()].filter((a) => a.appId !== app.id);
  await expect(picker.getByRole('radio', { name: `${me.name} (ID ${me.id})` })).toBeVisible();
  // Administrators of other applications are not offered; one typed by hand is questioned.
  for (const other of others)
    await expect(picker.getByRole('radio', { name: new RegExp(`ID ${other.id}\\)`) })).toHaveCount(0);
  await picker.getByRole('radio', { name: 'Another administrator ID' }).check();
  await dialog.getByLabel('Your administrator ID').fill(String(others[0]!.id));
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`Administrator ${others[0]!.id} is none of the administrators`);
  await expect(dialog.getByRole('checkbox', { name: `Keep ID ${others[0]!.id} anyway` })).toBeVisible();
  for (const [w, h] of [
    [1280, 800],
    [820, 520],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await keepScreen(page, `test-results/connect-admins-${w}-${theme}.png`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await picker.getByRole('radio', { name: `${me.name} (ID ${me.id})` }).check();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Account ${app.id}`)).toBeVisible();
  // The demo goes once a real account is connected (unless the agent keeps it).
  expect(perch.accounts.state().accounts).toMatchObject([{ mode: 'account', appId: app.id, adminId: app.adminId }]);
  const rows = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-conversation-id')!));
  expect(shown.every((id) => account.store.conversations.get(id)?.appId === app.id)).toBe(true);

  await page.locator('.account').getByRole('button', { name: 'Accounts' }).click();
  const accounts = page.getByRole('dialog', { name: 'Accounts' });
  const row = accounts.locator(`[data-account-row="${perch.accounts.state().accounts[0]!.id}"]`);
  await row.getByRole('button', { name: 'Sign out' }).click();
  await row.getByRole('button', { name: `Sign out of Account ${app.id}` }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome to Perch' })).toBeVisible();
  await expect(page.locator('.account')).toContainText('Demo workspace');
  expect(perch.accounts.state()).toMatchObject({ accounts: [{ mode: 'sandbox' }], welcomed: false });
});

test('a refused token: the banner offers to reconnect with the account filled in', async ({ page, perch }) => {
  const app = account.info.apps[0]!;
  const token = 'revocable-e2e';
  account.store.tokens.set(token, { ...account.store.tokens.get(app.token)!, token });
  expect(
    await perch.accounts.connect({ baseUrl: account.info.baseUrl, appId: app.id, adminId: app.adminId, token }),
  ).toMatchObject({ ok: true });
  await page.goto(perch.host.url);
  await expect(page.getByText(`Account ${app.id}`)).toBeVisible();
  account.store.tokens.delete(token);
  // The next call the agent makes meets the refusal (the sync's own poll would, within 30 s).
  await page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first().click();
  const banner = page.getByRole('alert').filter({ hasText: 'was refused' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Reconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });
  await expect(dialog.getByLabel('API address')).toHaveValue(account.info.baseUrl);
  await expect(dialog.getByLabel('Application ID')).toHaveValue(String(app.id));
  await dialog.getByLabel('API token').fill(app.token);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner).toBeHidden();
});
