import { auditScreen } from './support/audit';
import { expect, openConversation, test } from './support/harness';
import { openPalette } from './support/palette';
import { keepScreen } from './support/screens';

const readClipboard = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );

test('Diagnostics says why each visitor message did or did not notify, copyable without text or token', async ({
  page,
  perch,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  await expect(page.locator('[data-health="ok"]')).toBeVisible();

  // One message in scope (unassigned) notifies; one in a colleague's conversation does not.
  const unassigned = openConversation(perch, (c) => c.assigneeId === null);
  const colleagues = openConversation(perch, (c) => c.assigneeId !== null && c.assigneeId !== perch.adminId);
  perch.sandbox.simulator.writeInto(unassigned, 'Is anyone there?');
  await expect.poll(() => perch.notifier.shown.map((n) => n.conversationId)).toContain(unassigned.id);
  perch.sandbox.simulator.writeInto(colleagues, 'For your colleague');
  await expect
    .poll(async () => (await perch.accounts.handlers['alerts:get']()).record.map((e) => e.conversationId))
    .toContain(colleagues.id);

  await openPalette(page);
  await page.keyboard.type('Diagnostics');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Diagnostics' });
  const record = dialog.getByRole('list', { name: 'Visitor messages and their notifications, newest first' });
  await expect(dialog.getByRole('heading', { name: 'Why was I (not) notified?' })).toBeVisible();
  await expect(record.getByRole('listitem').first()).toContainText('Held back');
  await expect(record.getByRole('listitem').nth(1)).toContainText('Notified');
  await expect(record.getByRole('listitem').first()).toContainText(
    'Held back: outside what this account notifies about',
  );
  // No OS reader in the browser host: Perch says it cannot tell, and holds nothing back for it.
  await expect(dialog).toContainText("Perch cannot read the system's Do Not Disturb here");
  await expect(dialog.getByRole('heading', { name: 'Freshness' })).toBeVisible();
  await expect(dialog).toContainText(/Demo.*: Up to date/);

  await dialog.getByRole('button', { name: 'Copy record' }).click();
  await expect(dialog.getByText('Record copied')).toBeVisible();
  const copied = await readClipboard(page);
  expect(copied).toContain(`conversation #${unassigned.id}: notified`);
  expect(copied).toContain(`conversation #${colleagues.id}: held back: scope`);
  expect(copied).not.toContain('Is anyone there?');
  expect(copied).not.toContain(perch.sandbox.info.apps[0]!.token);
  await auditScreen(page, 'diagnostics-alerts');

  await perch.accounts.handlers['settings:update']({ locale: 'ru' });
  // The dialog's name is Russian now too.
  const russian = page.getByRole('dialog');
  await expect(russian.getByRole('heading', { name: 'Почему было (или не было) уведомление?' })).toBeVisible();
  await expect(russian).toContainText('Не показано: вне того, о чём уведомляет этот аккаунт');
  await auditScreen(page, 'diagnostics-alerts-ru');
});

test('an account that stops hearing from the server shows as stale since its last good answer, and recovers', async ({
  page,
  perch,
}) => {
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  const sidebar = page.getByRole('navigation', { name: 'Inbox views' });
  await expect(sidebar.getByRole('status').filter({ hasText: 'Up to date' })).toBeVisible();
  await expect(sidebar.locator('[data-freshness]')).toHaveCount(0);

  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, dropRate: 1 };
  const stale = sidebar.getByRole('list', { name: 'Freshness' }).getByRole('listitem');
  await expect(stale).toHaveText(/^Stale since \d{1,2}:\d\d/);
  await expect(sidebar.getByText('Up to date')).toHaveCount(0);
  await auditScreen(page, 'sidebar-stale');
  await perch.accounts.handlers['settings:update']({ locale: 'ru' });
  await expect(page.getByRole('list', { name: 'Свежесть данных' }).getByRole('listitem')).toHaveText(
    /^Устарело с \d{1,2}:\d\d/,
  );
  await auditScreen(page, 'sidebar-stale-ru');
  await perch.accounts.handlers['settings:update']({ locale: 'en' });

  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, dropRate: 0 };
  await expect(sidebar.getByRole('status').filter({ hasText: 'Up to date' })).toBeVisible({ timeout: 20_000 });
  await expect(sidebar.locator('[data-freshness]')).toHaveCount(0);
});

test("while the OS's Do Not Disturb holds notifications back the window says so, with Notify anyway", async ({
  page,
  perch,
}) => {
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  await expect(page.locator('[data-health="ok"]')).toBeVisible();
  // The browser host reads no OS: the core's alerts announce a Do Not Disturb as a reader would.
  perch.accounts.alerts.events.emit('changed', { doNotDisturb: 'on', holding: true });
  const notice = page.getByRole('status').filter({ hasText: 'Do Not Disturb is on' });
  await expect(notice).toBeVisible();
  await auditScreen(page, 'do-not-disturb', 'narrow');
  await notice.getByRole('button', { name: 'Notify anyway' }).click();
  await expect.poll(() => perch.settings.get().notifications.followOsDoNotDisturb).toBe(false);
});

test("the record names each conversation's visitor as the inbox does, and an entry opens its conversation", async ({
  page,
  perch,
}) => {
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  await expect(page.locator('[data-health="ok"]')).toBeVisible();
  const anonymous = openConversation(perch, (c) => {
    const props = perch.sandbox.store.users.get(c.userId)?.props ?? {};
    return c.assigneeId === null && !props.$name && !props.$email && !props.$phone && !props.$city;
  });
  perch.sandbox.simulator.writeInto(anonymous, 'Anyone?');
  await expect.poll(() => perch.notifier.shown.map((n) => n.conversationId)).toContain(anonymous.id);

  await openPalette(page);
  await page.keyboard.type('Diagnostics');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Diagnostics' });
  const record = dialog.getByRole('list', { name: 'Visitor messages and their notifications, newest first' });
  const name = `Visitor #${anonymous.userId.slice(-5)}`;
  const entry = record.getByRole('button', { name: new RegExp(`Notified.*${name}`) });
  await expect(entry).toBeVisible();
  await expect(record).not.toContainText(anonymous.id);
  await keepScreen(page, 'test-results/alert-record-names.png');
  await entry.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
