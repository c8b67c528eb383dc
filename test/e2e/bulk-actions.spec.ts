import type { Page } from '@playwright/test';
import { connectAccountsFromEnv } from '../../src/main/browser-host/accounts-from-env';
import { sandbox } from '../support/sandbox';
import { auditScreen } from './support/audit';
import { expect, test, type Perch } from './support/harness';
import { choose } from './support/select';
import { shoot, keepScreen } from './support/screens';

// Long enough that Undo is always in time; the test of landing sets its own.
test.use({ undoWindowMs: 120_000 });
test.describe.configure({ timeout: 120_000 });

const rows = (page: Page) => page.locator('.inbox-scroll [role="option"]');
const bar = (page: Page) => page.getByRole('toolbar', { name: 'Selected conversations' });
const held = (perch: Perch) => perch.workspace.outbox.list().filter((item) => (item.undoUntil ?? 0) > Date.now());
const conversationOf = (perch: Perch, id: string | null) => perch.sandbox.store.conversations.get(id!)!;
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** The inbox with its first rows drawn; their conversations' IDs, in the list's order. */
async function inbox(page: Page, perch: Perch, count: number): Promise<string[]> {
  await page.goto(perch.host.url);
  await expect(rows(page).nth(count - 1)).toBeVisible();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await rows(page).nth(i).getAttribute('data-conversation-id'))!);
  return ids;
}

test('Ctrl+click and Shift+click select rows; Close closes them all with one Undo, which takes them all back', async ({
  page,
  perch,
}) => {
  const ids = await inbox(page, perch, 4);
  await rows(page)
    .nth(0)
    .click({ modifiers: [mod] });
  await expect(bar(page)).toContainText('1 selected');
  await rows(page)
    .nth(2)
    .click({ modifiers: ['Shift'] });
  await expect(bar(page)).toContainText('3 selected');
  await expect(page.locator('[role="option"][aria-checked="true"]')).toHaveCount(3);
  // A Ctrl+click selects without opening anything.
  await expect(page.locator('.timeline')).toHaveCount(0);
  await rows(page)
    .nth(1)
    .click({ modifiers: [mod] });
  await expect(bar(page)).toContainText('2 selected');
  await rows(page)
    .nth(1)
    .click({ modifiers: [mod] });
  await shoot(page, 'bulk-bar');

  await bar(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(bar(page)).toBeHidden();
  const notice = page.locator('[data-undo-batch="close"]');
  await expect(notice).toHaveText('3 conversations closed.Undo');
  await expect(page.locator('.undo-notice')).toHaveCount(1);
  expect(held(perch).map((item) => item.action)).toEqual(
    ids.slice(0, 3).map((conversationId) => ({ kind: 'close', conversationId })),
  );
  expect(new Set(held(perch).map((item) => item.batch)).size).toBe(1);
  await shoot(page, 'bulk-undo');

  await notice.getByRole('button', { name: 'Undo: 3 conversations closed.' }).click();
  await expect(notice).toBeHidden();
  expect(perch.workspace.outbox.list()).toEqual([]);
  for (const id of ids.slice(0, 3)) expect(conversationOf(perch, id).closed).toBe(false);
  await expect(rows(page)).toHaveCount(await rows(page).count());
  await expect(page.locator(`[data-conversation-id="${ids[0]}"]`)).toBeVisible();
});

test('X, Shift+J and Shift+K select from the keyboard, Esc clears; the help sheet lists them', async ({
  page,
  perch,
}) => {
  const ids = await inbox(page, perch, 4);
  await rows(page).nth(1).click();
  await expect(page.locator('.timeline')).toBeVisible();
  await page.locator('.timeline').focus();
  await page.keyboard.press('x');
  await expect(bar(page)).toContainText('1 selected');
  await page.keyboard.press('Shift+J');
  await page.keyboard.press('Shift+J');
  await expect(bar(page)).toContainText('3 selected');
  const checked = page.locator('[role="option"][aria-checked="true"]');
  expect(await checked.evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation-id')))).toEqual(
    ids.slice(1, 4),
  );
  // Shift+K after Shift+J shrinks the range back towards where it began, as in Gmail or Finder,
  // and the focus ring is on its moving end.
  await rows(page).nth(1).focus();
  await page.keyboard.press('Shift+K');
  await expect(bar(page)).toContainText('2 selected');
  await expect(checked).toHaveCount(2);
  expect(await checked.evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation-id')))).toEqual(
    ids.slice(1, 3),
  );
  await expect(page.locator(`[data-conversation-id="${ids[2]}"]`)).toBeFocused();
  // X on a row with the focus takes that row out.
  await page.keyboard.press('x');
  await expect(bar(page)).toContainText('1 selected');
  await page.keyboard.press('Escape');
  await expect(bar(page)).toBeHidden();
  await expect(checked).toHaveCount(0);
  // The bar's Clear does the same.
  await rows(page)
    .nth(0)
    .click({ modifiers: [mod] });
  await bar(page).getByRole('button', { name: 'Clear the selection (Esc)' }).click();
  await expect(bar(page)).toBeHidden();

  await page.locator('.timeline').focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog');
  await expect(help).toContainText('Shift+J');
  await expect(help).toContainText('Extend the selection down');
  await expect(help).toContainText('Ctrl+click / Shift+click');
});

test('assign to me, to a colleague, tag and snooze several at once, each with one Undo', async ({ page, perch }) => {
  const shown = await inbox(page, perch, 8);
  const colleague = [...perch.sandbox.store.admins.values()].find(
    (a) => a.appId === perch.appId && a.id !== perch.adminId && a.type !== 'bot',
  )!;
  // Two rows each action changes: assigned to neither the agent nor this colleague.
  const ids = shown.filter((id) => ![perch.adminId, colleague.id].includes(conversationOf(perch, id).assigneeId!));
  const two = ids.slice(0, 2);
  expect(two).toHaveLength(2);
  const assignees = two.map((id) => conversationOf(perch, id).assigneeId);
  const select = async () => {
    for (const id of two) await page.locator(`[data-conversation-id="${id}"]`).click({ modifiers: [mod] });
    await expect(bar(page)).toContainText('2 selected');
  };

  await select();
  await bar(page).getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.locator('[data-undo-batch="assign"]')).toHaveText('2 conversations assigned to you.Undo');
  await page.getByRole('button', { name: 'Undo: 2 conversations assigned to you.' }).click();
  await expect(page.locator('.undo-notice')).toHaveCount(0);

  await select();
  await choose(bar(page).getByRole('combobox', { name: 'Assign to' }), colleague.id);
  await expect(page.locator('[data-undo-batch="assign"]')).toHaveText(
    `2 conversations assigned to ${colleague.name}.Undo`,
  );
  await page.getByRole('button', { name: /^Undo: 2 conversations assigned to / }).click();

  await select();
  await bar(page).getByRole('combobox', { name: 'Tag the selected conversations' }).fill('vip-batch');
  await bar(page).getByRole('combobox', { name: 'Tag the selected conversations' }).press('Enter');
  await expect(page.locator('[data-undo-batch="tag"]')).toHaveText('Tag “vip-batch” added to 2 conversations.Undo');
  expect(held(perch).map((item) => item.action.kind)).toEqual(['tag', 'tag']);
  await page.getByRole('button', { name: /^Undo: Tag/ }).click();
  await expect(page.locator('.undo-notice')).toHaveCount(0);
  expect(perch.workspace.outbox.list()).toEqual([]);

  await select();
  await choose(bar(page).getByRole('combobox', { name: 'Snooze' }), 'tomorrow');
  const snoozed = page.locator('[data-undo-batch="snooze"]');
  await expect(snoozed).toContainText('2 conversations snoozed until');
  // Snoozed, they leave the open conversations; Undo brings them back.
  for (const id of two) await expect(page.locator(`.inbox-scroll [data-conversation-id="${id}"]`)).toHaveCount(0);
  await snoozed.getByRole('button', { name: /^Undo: 2 conversations snoozed/ }).click();
  for (const id of two) await expect(page.locator(`.inbox-scroll [data-conversation-id="${id}"]`)).toBeVisible();
  expect(perch.workspace.snoozes.list()).toEqual([]);
  expect(two.map((id) => conversationOf(perch, id).assigneeId)).toEqual(assignees);
  for (const id of two) expect(conversationOf(perch, id).tags).not.toContain('vip-batch');
});

test('Undo of a bulk snooze gives a conversation snoozed before its own snooze back', async ({ page, perch }) => {
  const [earlier] = (await inbox(page, perch, 2)) as [string];
  const old = Date.now() + 3 * 3_600_000;
  await perch.workspace.snoozes.snooze(earlier, old, 'call back after the invoice');
  await page.getByRole('button', { name: /^Snoozed/ }).click();
  await page.locator(`[data-conversation-id="${earlier}"]`).click({ modifiers: [mod] });
  await expect(bar(page)).toContainText('1 selected');
  await choose(bar(page).getByRole('combobox', { name: 'Snooze' }), 'tomorrow');
  await expect.poll(() => perch.workspace.snoozes.get(earlier)?.until).not.toBe(old);
  await page.getByRole('button', { name: /^Undo: 1 conversation snoozed/ }).click();
  // Still snoozed, until its own time and with its note: Undo took back the bulk action, not the earlier snooze.
  await expect
    .poll(() => perch.workspace.snoozes.get(earlier))
    .toEqual({ conversationId: earlier, until: old, note: 'call back after the invoice', seenPart: null });
  await expect(page.locator(`.inbox-scroll [data-conversation-id="${earlier}"]`)).toBeVisible();
});

test.describe('without Undo', () => {
  test.use({ undoWindowMs: 300 });

  test('a batch not taken back lands, each conversation once', async ({ page, perch }) => {
    const ids = await inbox(page, perch, 2);
    for (const id of ids) conversationOf(perch, id).assigneeId = null;
    await rows(page)
      .nth(0)
      .click({ modifiers: [mod] });
    await rows(page)
      .nth(1)
      .click({ modifiers: ['Shift'] });
    await bar(page).getByRole('button', { name: 'Assign to me' }).click();
    await expect
      .poll(() => ids.map((id) => conversationOf(perch, id).assigneeId), { timeout: 15_000 })
      .toEqual([perch.adminId, perch.adminId]);
    await expect.poll(() => perch.workspace.outbox.list().length).toBe(0);
  });
});

test('rows of two accounts: one batch, each write through its own account, one Undo for both', async ({
  page,
  perch,
}) => {
  const platform = await sandbox({ conversationsPerApp: 4 });
  try {
    const logins = platform.info.apps.map((app) => ({
      baseUrl: platform.info.baseUrl,
      token: app.token,
      adminId: app.adminId,
    }));
    expect(await connectAccountsFromEnv(perch.accounts, { PERCH_ACCOUNTS: JSON.stringify(logins) })).toEqual([]);
    const [first, second] = perch.accounts
      .state()
      .accounts.filter((a) => a.mode === 'account')
      .map((a) => a.id);
    await page.goto(perch.host.url);
    const ofAccount = (id: string) => page.locator(`.inbox-scroll [data-account-id="${id}"]`).first();
    await expect(ofAccount(first!)).toBeVisible();
    await expect(ofAccount(second!)).toBeVisible();
    const picked = [
      await ofAccount(first!).getAttribute('data-conversation-id'),
      await ofAccount(second!).getAttribute('data-conversation-id'),
    ];
    await ofAccount(first!).click({ modifiers: [mod] });
    await ofAccount(second!).click({ modifiers: [mod] });
    await expect(bar(page)).toContainText('2 selected');
    // Colleagues differ by account: only "me" and "no one" are offered for both.
    await expect(bar(page).getByRole('combobox', { name: 'Assign to' })).toHaveCount(0);
    await expect(bar(page)).toContainText('select conversations of one account');
    await auditScreen(page, 'bulk-two-accounts', 'narrow');

    await bar(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.locator('[data-undo-batch="close"]')).toHaveText('2 conversations closed.Undo');
    await expect(page.locator('.undo-notice')).toHaveCount(1);
    const outboxes = [first!, second!].map((id) => perch.accounts.workspaceOf(id)!.outbox.list());
    expect(outboxes.map((items) => items.map((i) => i.action.conversationId))).toEqual([[picked[0]], [picked[1]]]);
    expect(outboxes[0]![0]!.batch).toBe(outboxes[1]![0]!.batch);
    await page.getByRole('button', { name: 'Undo: 2 conversations closed.' }).click();
    await expect(page.locator('.undo-notice')).toHaveCount(0);
    for (const id of [first!, second!]) expect(perch.accounts.workspaceOf(id)!.outbox.list()).toEqual([]);
    for (const id of picked) expect(platform.store.conversations.get(id!)!.closed).toBe(false);
  } finally {
    await platform.close();
  }
});

for (const language of ['en', 'ru'] as const) {
  test(`the bar over the list and its Undo notice, audited (${language})`, async ({ page, perch }) => {
    await inbox(page, perch, 3);
    if (language === 'ru') await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
    await rows(page).nth(0).click();
    await rows(page)
      .nth(0)
      .click({ modifiers: [mod] });
    await rows(page)
      .nth(2)
      .click({ modifiers: ['Shift'] });
    await expect(page.locator('[data-bulk-bar]')).toContainText(language === 'ru' ? 'Выбрано 3' : '3 selected');
    await auditScreen(page, `bulk-bar-${language}`);
    await page.locator('[data-bulk-bar] .bulk-actions button').first().click();
    await expect(page.locator('[data-undo-batch="close"]')).toContainText(
      language === 'ru' ? '3 диалога закрыто.' : '3 conversations closed.',
    );
    await auditScreen(page, `bulk-undo-${language}`, 'narrow');
  });

  test(`the bar over the list keeps to two lines at 820×520 (${language})`, async ({ page, perch }) => {
    await page.setViewportSize({ width: 820, height: 520 });
    await inbox(page, perch, 3);
    if (language === 'ru') await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
    await rows(page)
      .nth(0)
      .click({ modifiers: [mod] });
    await rows(page)
      .nth(2)
      .click({ modifiers: ['Shift'] });
    const selectedBar = page.locator('[data-bulk-bar]');
    await expect(selectedBar).toContainText(language === 'ru' ? 'Выбрано 3' : '3 selected');
    await keepScreen(page, `test-results/bulk-bar-820-${language}.png`);
    // Two rows of controls (about 26 px each) with the bar's padding: the list keeps its room below.
    const height = (await selectedBar.boundingBox())!.height;
    expect(height, `the bar's height in ${language}`).toBeLessThanOrEqual(80);
    // Every action is still there, each by its name.
    const names =
      language === 'ru'
        ? ['Закрыть', 'Назначить на меня', 'Снять назначение', 'Сбросить выбор (Esc)']
        : ['Close', 'Assign to me', 'Unassign', 'Clear the selection (Esc)'];
    for (const name of names) await expect(selectedBar.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(selectedBar.getByRole('combobox', { name: language === 'ru' ? 'Отсрочить' : 'Snooze' })).toBeVisible();
  });
}
