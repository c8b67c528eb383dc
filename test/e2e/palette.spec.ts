import { expect, openConversation, test } from './support/harness';
import { choose } from './support/select';
import { openPalette } from './support/palette';
import { keepScreen } from './support/screens';

test('command palette: views, a conversation by name, assign to another admin, mark shown as read', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (conv) => conv.assigneeId === null);
  perch.sandbox.simulator.writeInto(c, 'Palette test message');
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list.locator(`[data-conversation-id="${c.id}"]`)).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Commands' });

  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('combobox')).toBeFocused();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/palette-${theme}.png`);
  }
  await page.keyboard.type('go to unassigned');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByRole('button', { name: /^Unassigned/ })).toHaveAttribute('aria-current', 'page');

  // A conversation by its visitor's name or number, from anywhere (even the reply box).
  await openPalette(page);
  await page.keyboard.type(`#${c.id}`);
  await expect(palette.getByRole('option').first()).toContainText('Palette test message');
  await page.keyboard.press('Enter');
  await expect(list.locator(`[data-conversation-id="${c.id}"]`)).toHaveAttribute('aria-selected', 'true');

  const other = [...perch.sandbox.store.admins.values()].find(
    (a) =>
      a.appId === perch.appId &&
      a.id !== perch.adminId &&
      [...perch.sandbox.store.channels.values()].some((ch) => ch.operatorIds.includes(a.id)),
  )!;
  await page.getByRole('textbox', { name: 'Reply' }).click();
  await openPalette(page);
  await page.keyboard.type(`assign to ${other.name}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(palette.getByRole('option', { selected: true })).toContainText(`Assign to ${other.name}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => c.assigneeId).toBe(other.id);
  await expect(page.locator('[data-assignee]')).toContainText(other.name);
  // The agent was writing: focus is back in the reply box.
  await expect(page.getByRole('textbox', { name: 'Reply' })).toBeFocused();

  // Everything shown in "All open" read at once: the unread totals drop to zero.
  await page.getByRole('button', { name: /^All open/ }).click();
  expect(perch.workspace.inbox.snapshot().totals.all).toBeGreaterThan(0);
  await openPalette(page);
  await page.keyboard.type('mark');
  await expect(palette.getByRole('option').first()).toContainText(/Mark \d+ shown as read/);
  await page.keyboard.press('Enter');
  await expect.poll(() => perch.workspace.inbox.snapshot().totals.all).toBe(0);
  await expect(list.locator('.badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^All open/ }).locator('.badge')).toHaveCount(0);
});

test('the header assigns to another administrator from the list of operators', async ({ page, perch }) => {
  const c = openConversation(perch, (conv) => conv.assigneeId === null);
  perch.sandbox.simulator.writeInto(c, 'Who can help me?');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const select = page.getByRole('combobox', { name: 'Assign to…' });
  await select.click();
  const names = await page.getByRole('listbox', { name: 'Assign to…' }).getByRole('option').allTextContents();
  await select.press('Escape');
  const other = [...perch.sandbox.store.admins.values()].find(
    (a) => a.appId === perch.appId && a.id !== perch.adminId && names.includes(a.name),
  )!;
  await choose(select, String(other.id));
  await expect.poll(() => c.assigneeId).toBe(other.id);
  await expect(page.locator('[data-assignee]')).toContainText(other.name);
});
