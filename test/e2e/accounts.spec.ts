import { expect, type Page } from '@playwright/test';
import { test, type TwoAccounts } from './support/two-accounts';
import { auditScreen } from './support/audit';
import { visitor } from './support/people';

const rowsOf = (page: Page, accountId: string) =>
  page.getByRole('listbox', { name: 'Conversations' }).locator(`[data-account-id="${accountId}"]`);

/** An open, unassigned conversation of an application with a visitor message (the default notification scope). */
function unassignedOf(two: TwoAccounts, app: number) {
  const found = [...two.platform.store.conversations.values()].find(
    (c) =>
      c.appId === two.platform.info.apps[app]!.id &&
      !c.closed &&
      c.assigneeId === null &&
      c.userReplies > 0 &&
      !c.assistantType,
  );
  if (!found) throw new Error('no unassigned conversation in the sandbox data');
  return found;
}

test('two accounts side by side: one inbox, each row named, a filter per account', async ({ page, two }) => {
  await page.goto(two.host.url);
  const [first, second] = two.accountIds;
  await expect(rowsOf(page, first).first()).toBeVisible();
  await expect(rowsOf(page, second).first()).toBeVisible();
  await expect(rowsOf(page, first).first().locator('.account-chip')).toHaveText('Account 101');
  await expect(rowsOf(page, second).first().locator('.account-chip')).toHaveText('Account 102');

  await page.locator(`[data-account-filter="${second}"]`).click();
  await expect(rowsOf(page, first)).toHaveCount(0);
  await expect(rowsOf(page, second).first()).toBeVisible();
  await page.locator('[data-account-filter="all"]').click();
  await expect(rowsOf(page, first).first()).toBeVisible();

  // Under "All accounts" the sidebar lists each account's channels, each list named by its account.
  const sidebar = page.getByRole('navigation');
  const headings = sidebar.locator('h2', { hasText: 'Channels' });
  await expect(headings).toHaveCount(2);
  await expect(headings.nth(0).locator('.account-chip')).toHaveText('Account 101');
  await expect(headings.nth(1).locator('.account-chip')).toHaveText('Account 102');
  // A channel of the second account narrows the inbox to that account's conversations in it.
  const secondChannel = two.platform.store.channels.get(
    [...two.platform.store.conversations.values()].find(
      (c) => c.appId === two.platform.info.apps[1]!.id && c.channelId !== null,
    )!.channelId!,
  )!;
  const secondChannels = headings.nth(1).locator('xpath=following-sibling::ul[1]');
  await secondChannels.getByRole('button', { name: secondChannel.name }).click();
  await expect(rowsOf(page, first)).toHaveCount(0);
  await expect(rowsOf(page, second).first()).toBeVisible();
  await secondChannels.getByRole('button', { name: secondChannel.name }).click();
  await expect(rowsOf(page, first).first()).toBeVisible();

  await auditScreen(page, 'two-accounts');

  // A narrow inbox names each row's account by its colour; how long the visitor waited keeps its room.
  await page.setViewportSize({ width: 820, height: 520 });
  const waitingRow = page
    .getByRole('listbox', { name: 'Conversations' })
    .locator('[data-account-id]:has(.waiting)')
    .first();
  const chip = waitingRow.locator('.account-chip');
  await expect(chip).toHaveText(/^Account 10[12]$/);
  expect((await chip.boundingBox())!.width).toBeLessThanOrEqual(12);
  const waiting = waitingRow.locator('.waiting');
  await expect(waiting).toHaveText(/^waiting \d+/);
  expect(await waiting.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // Two accounts cannot share a label: the inbox could not tell them apart.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('[data-accounts-open]').click();
  const label = page.locator(`[data-account-row="${second}"]`).getByRole('textbox');
  await label.fill('account 101');
  await label.press('Enter');
  await expect(page.locator(`[data-account-row="${second}"]`)).toContainText('Another account has this label');
  expect(two.accounts.state().accounts[1]!.label).toBe('Account 102');
  await label.fill('Brand B');
  await label.press('Enter');
  await expect.poll(() => two.accounts.state().accounts[1]!.label).toBe('Brand B');
});

test('a visitor message in each account notifies, names the account, and the counts add up', async ({ page, two }) => {
  await page.goto(two.host.url);
  await expect(rowsOf(page, two.accountIds[0]).first()).toBeVisible();
  for (const app of [0, 1]) {
    const c = unassignedOf(two, app);
    await visitor.writes({ sandbox: two.platform, appId: c.appId }, c, `Hello from app ${app}`);
  }
  await expect.poll(() => two.notifier.shown.length).toBeGreaterThanOrEqual(2);
  for (const app of [0, 1]) {
    const shown = two.notifier.shown.find((n) => n.body.includes(`Hello from app ${app}`))!;
    expect(shown.accountId).toBe(two.accountIds[app]);
    expect(shown.title).toMatch(new RegExp(`^Account ${two.platform.info.apps[app]!.id} · `));
    const row = page.locator(
      `[data-account-id="${two.accountIds[app]}"][data-conversation-id="${unassignedOf(two, app).id}"]`,
    );
    await expect(row).toContainText(`Hello from app ${app}`);
  }
  const sum = () =>
    two.accounts.running.list().reduce((total, r) => total + r.workspace.inbox.snapshot().totals.all, 0);
  await expect.poll(() => two.tray.at(-1)?.totals.all).toBe(sum());
  expect(two.accounts.running.list().every((r) => r.workspace.inbox.snapshot().totals.all > 0)).toBe(true);
});

test('a reply goes out through its conversation’s account, with that account’s token', async ({ page, two }) => {
  await page.goto(two.host.url);
  const c = unassignedOf(two, 1);
  // The second account's rows alone, then its conversation.
  await page.locator(`[data-account-filter="${two.accountIds[1]}"]`).click();
  const row = page.locator(`[data-account-id="${two.accountIds[1]}"][data-conversation-id="${c.id}"]`);
  await row.scrollIntoViewIfNeeded();
  await row.click();
  const before = two.transport.requests.length;
  await page.getByRole('textbox', { name: /reply/i }).fill('Answered from the second account');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => c.parts.some((p) => p.body === 'Answered from the second account')).toBe(true);
  const sent = two.transport.requests.slice(before).find((r) => r.url.includes(`/conversations/${c.id}/reply`))!;
  expect(sent.headers.authorization).toBe(`Token ${two.platform.info.apps[1]!.token}`);
  expect(c.parts.find((p) => p.body === 'Answered from the second account')!.fromAdminId).toBe(
    two.platform.info.apps[1]!.adminId,
  );
});

test('signing one account out leaves the other working', async ({ page, two }) => {
  await page.goto(two.host.url);
  const [first, second] = two.accountIds;
  await expect(rowsOf(page, first).first()).toBeVisible();
  await page.locator('[data-accounts-open]').click();
  const accountRow = page.locator(`[data-account-row="${first}"]`);
  await accountRow.getByRole('button', { name: 'Sign out' }).click();
  // Asked once more, naming the account: a sign-out is never one stray click.
  await accountRow
    .getByRole('button', { name: /Sign out/ })
    .last()
    .click();
  await expect(page.locator(`[data-account-row="${first}"]`)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(rowsOf(page, first)).toHaveCount(0);
  await expect(rowsOf(page, second).first()).toBeVisible();
  expect(two.accounts.state().accounts.map((a) => a.id)).toEqual([second]);

  const c = unassignedOf(two, 1);
  await visitor.writes({ sandbox: two.platform, appId: c.appId }, c, 'Still answered here');
  await expect(page.locator(`[data-account-id="${second}"][data-conversation-id="${c.id}"]`)).toContainText(
    'Still answered here',
  );
  await expect.poll(() => two.notifier.shown.some((n) => n.body.includes('Still answered here'))).toBe(true);
});
