import { startSandbox } from '../../src/sandbox/server';
import { auditScreen } from './support/audit';
import { damagedOutbox } from './support/damaged-outbox';
import { expect, openConversation, test } from './support/harness';
import { openPalette } from './support/palette';

// Each screen is audited four times (two sizes, two themes); axe-core takes a while on a shared machine.
test.describe.configure({ timeout: 240_000, mode: 'parallel' });

test.describe('first run', () => {
  test.use({ firstRun: true });

  test('audit: the welcome choice and the connect form', async ({ page, perch }) => {
    await page.goto(perch.host.url);
    await expect(page.getByRole('dialog', { name: 'Welcome to Perch' })).toBeVisible();
    await auditScreen(page, 'welcome');
    await page
      .getByRole('dialog', { name: 'Welcome to Perch' })
      .getByRole('button', { name: /Connect an account/ })
      .click();
    await expect(page.getByRole('dialog', { name: /Connect/ })).toBeVisible();
    await auditScreen(page, 'connect');
  });
});

test('audit: inbox, conversation, note mode, palette, settings, help, diagnostics', async ({ page, perch }) => {
  const c = openConversation(perch, (conv) => Boolean(perch.sandbox.store.users.get(conv.userId)?.props.$email));
  perch.sandbox.simulator.writeInto(c, 'Where is my order? It was due on Monday.');
  await page.goto(perch.host.url);
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await expect(row).toBeVisible();
  await auditScreen(page, 'inbox');

  await row.click();
  await expect(page.locator('.timeline')).toContainText('Where is my order?');
  await auditScreen(page, 'conversation');

  await page.setViewportSize({ width: 820, height: 520 });
  await page.getByRole('button', { name: 'Visitor', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Visitor' })).toBeVisible();
  await auditScreen(page, 'visitor-drawer', 'narrow');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'More actions' }).click();
  await auditScreen(page, 'more-actions', 'narrow');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Theme' }).click();
  await expect(page.getByRole('listbox', { name: 'Theme' })).toBeVisible();
  await auditScreen(page, 'drop-down', 'narrow');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('tab', { name: 'Note' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Checked the warehouse: it ships tomorrow.');
  await auditScreen(page, 'composer-note');
  await page.getByRole('tab', { name: 'Reply' }).click();

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Commands' })).toBeVisible();
  await auditScreen(page, 'palette');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await auditScreen(page, 'settings');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.locator('body').press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await auditScreen(page, 'help');
  await page.keyboard.press('Escape');

  await openPalette(page);
  await page.keyboard.type('Diagnostics');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Diagnostics' })).toBeVisible();
  await auditScreen(page, 'diagnostics');
  await page.keyboard.press('Escape');
});

test('audit: drafts marked, "Did you mean …?" for a tag, "you" in the header, the empty pane, "1 new"', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (conv) => conv.assigneeId === null);
  perch.sandbox.simulator.writeInto(c, 'Can I get a refund?');
  await page.goto(perch.host.url);
  await expect(page.locator('[data-empty-hint]')).toBeVisible();
  await auditScreen(page, 'empty-pane');
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await row.click();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.locator('[data-assignee]')).toContainText('Assigned to you');
  await page.getByRole('tab', { name: 'Note' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Check the payment first');
  await expect(row.locator('[data-draft-mark]')).toBeVisible();
  await page.getByRole('combobox', { name: 'Add tag' }).fill('refnud');
  await page.getByRole('combobox', { name: 'Add tag' }).press('Enter');
  await expect(page.getByRole('group', { name: 'Did you mean “refund”?' })).toBeVisible();
  await auditScreen(page, 'polish-conversation');
  await page.locator('[data-accounts-open]').click();
  await expect(page.locator('[data-account-admin]')).toBeVisible();
  await auditScreen(page, 'accounts-admin');
  await page.keyboard.press('Escape');
  await page.getByRole('listbox', { name: 'Conversations' }).evaluate((el) => el.scrollTo({ top: 300 }));
  const last = perch.workspace.inbox
    .snapshot()
    .rows.filter((r) => !r.closed)
    .at(-1)!;
  perch.sandbox.simulator.writeInto(perch.sandbox.store.conversations.get(last.id)!, 'Anyone?');
  await expect(page.getByRole('button', { name: '1 new' })).toBeVisible();
  await auditScreen(page, 'new-above', 'wide');
});

test("audit: live visitors, leads and a visitor's own screen", async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Live visitors' }).click();
  await expect(page.getByRole('heading', { name: 'Live visitors' })).toBeVisible();
  await auditScreen(page, 'live-visitors');

  await page.getByRole('button', { name: 'Leads', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(page.locator('.directory tbody tr').first()).toBeVisible();
  await auditScreen(page, 'leads');

  await page.locator('.directory tbody tr').first().locator('button.person').click();
  await expect(page.locator('.visitor-screen')).toBeVisible();
  await auditScreen(page, 'visitor-screen');
});

test('audit: the banner about a damaged list of unsent replies', async ({ page, perch }) => {
  const account = await startSandbox({ port: 0, seed: 31, simulatorIntervalMs: false, conversationsPerApp: 10 });
  try {
    const { connect } = await damagedOutbox(perch, account);
    await page.goto(perch.host.url);
    await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
    expect(await connect()).toMatchObject({ ok: true });
    await expect(page.locator('.banner.damage')).toContainText('was damaged');
    await auditScreen(page, 'damaged-banner');
  } finally {
    await account.close();
  }
});

test('audit: two accounts — rows naming their account, the account filter, the accounts screen and settings per account', async ({
  page,
  perch,
}) => {
  const account = await startSandbox({ port: 0, seed: 37, simulatorIntervalMs: false, conversationsPerApp: 12 });
  try {
    const app = account.info.apps[0]!;
    expect(
      await perch.accounts.connect({
        baseUrl: account.info.baseUrl,
        appId: app.id,
        adminId: app.adminId,
        token: app.token,
        keepDemo: true,
      }),
    ).toMatchObject({ ok: true });
    const held = perch.accounts.state().accounts;
    expect(held.map((a) => a.mode).sort()).toEqual(['account', 'sandbox']);
    const real = held.find((a) => a.mode === 'account')!;
    await page.goto(perch.host.url);
    const rows = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
    await expect(rows.locator(`.account-chip`).first()).toBeVisible();
    await expect(page.locator(`[data-account-id="${real.id}"]`).first()).toBeVisible();
    await expect(page.locator('[data-account-id="demo"]').first()).toBeVisible();
    await auditScreen(page, 'two-accounts-inbox');

    // One account chosen in the sidebar: only its rows.
    await page.locator(`[data-account-filter="${real.id}"]`).click();
    await expect(page.locator('[data-account-id="demo"]')).toHaveCount(0);
    await rows.first().click();
    await expect(page.locator('.conversation-head .account-chip')).toContainText(real.label);
    await auditScreen(page, 'two-accounts-conversation');
    await page.locator('[data-account-filter="all"]').click();

    await page.locator('.account').getByRole('button', { name: 'Accounts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accounts' });
    await expect(dialog.locator(`[data-account-row="${real.id}"]`)).toBeVisible();
    await expect(
      dialog.locator('[data-account-row="demo"]').getByRole('button', { name: 'Remove the demo' }),
    ).toBeVisible();
    await auditScreen(page, 'accounts');
    await dialog.locator(`[data-account-row="${real.id}"]`).getByRole('button', { name: 'Sign out' }).click();
    await auditScreen(page, 'accounts-confirm', 'narrow');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('combobox', { name: 'Scope and quiet hours of' }).click();
    await page
      .getByRole('listbox', { name: 'Scope and quiet hours of' })
      .getByRole('option', { name: real.label })
      .click();
    await expect(settings.getByRole('checkbox', { name: 'Same as all accounts' })).toBeChecked();
    // A scope chosen for this account is its own: the shared one stays.
    const shared = perch.settings.get().notifications.scope;
    await settings.getByRole('combobox', { name: 'Notify me about' }).click();
    await page.getByRole('listbox', { name: 'Notify me about' }).getByRole('option', { name: 'Nothing' }).click();
    await expect.poll(() => perch.settings.get().notifications.accounts?.[real.id]?.scope).toBe('none');
    expect(perch.settings.get().notifications.scope).toBe(shared);
    await expect(settings.getByRole('checkbox', { name: 'Same as all accounts' })).not.toBeChecked();
    await auditScreen(page, 'settings-per-account');
    await settings.getByRole('checkbox', { name: 'Same as all accounts' }).click();
    await expect.poll(() => perch.settings.get().notifications.accounts?.[real.id]).toBeUndefined();
  } finally {
    await account.close();
  }
});
