import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/screens';

test('a failed close, assignment or tag is shown in the conversation and the sidebar, with Retry and Discard', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (x) => x.assigneeId === null && x.tags.length === 0);
  perch.sandbox.simulator.writeInto(c, 'Please close this');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Please close this');
  // The server refuses the agent for good (they left the application mid-shift).
  const admin = perch.sandbox.store.admins.get(perch.adminId)!;
  admin.appId = 'none';

  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('combobox', { name: 'Add tag' }).fill('vip');
  await page.getByRole('combobox', { name: 'Add tag' }).press('Enter');
  const failures = page.locator('[data-failed-write]');
  await expect(failures).toHaveCount(2);
  await expect(failures.filter({ hasText: 'Closing the conversation failed' })).toBeVisible();
  await expect(failures.filter({ hasText: 'Adding the tag “vip” failed' })).toBeVisible();
  const status = page.locator('[data-outbox-status]');
  await expect(status).toContainText('2 actions not done');
  await shoot(page, 'failed-writes');

  admin.appId = perch.appId;
  await failures.filter({ hasText: 'Closing' }).getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => c.closed).toBe(true);
  await failures.filter({ hasText: 'vip' }).getByRole('button', { name: 'Discard' }).click();
  await expect(failures).toHaveCount(0);
  await expect(status).toHaveCount(0);
  expect(c.tags).toEqual([]);

  // The sidebar shows failures of other conversations too, and leads to them.
  admin.appId = 'none';
  await page.getByRole('button', { name: /^All open/ }).click();
  const list = page.getByRole('listbox', { name: 'Conversations' });
  const shown = await list
    .getByRole('option')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-conversation-id')!));
  const other = perch.sandbox.store.conversations.get(
    shown.find((id) => perch.sandbox.store.conversations.get(id)!.assigneeId !== perch.adminId)!,
  )!;
  await list.locator(`[data-conversation-id="${other.id}"]`).click();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(status).toContainText('1 action not done');
  await page.getByRole('button', { name: 'Closed' }).click();
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(failures).toHaveCount(0);
  await status.getByRole('button').click();
  await expect(failures.filter({ hasText: 'Assigning the conversation failed' })).toBeVisible();
});
