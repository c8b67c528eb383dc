import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/polish-shots';

test('the tag field suggests the account’s tags, and a near-miss asks "Did you mean …?" before a new tag', async ({
  page,
  perch,
}) => {
  const known = new Set(
    [...perch.sandbox.store.conversations.values()].filter((c) => c.appId === perch.appId).flatMap((c) => c.tags),
  );
  expect(known.has('refund') && known.has('vip')).toBe(true);
  await page.goto(perch.host.url);
  const c = openConversation(perch, (x) => !x.tags.includes('refund'));
  perch.sandbox.simulator.writeInto(c, 'I want my money back');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const field = page.getByRole('combobox', { name: 'Add tag' });
  await field.focus();
  // The suggestions are the tags seen in this account's conversations, offered by the field's list.
  const listId = await field.getAttribute('list');
  await expect(page.locator(`datalist[id="${listId}"] option[value="refund"]`)).toHaveCount(1);

  await field.fill('refnud');
  await field.press('Enter');
  const question = page.getByRole('group', { name: 'Did you mean “refund”?' });
  await expect(question).toBeVisible();
  await expect.poll(() => perch.workspace.inbox.row(c.id)?.tags).not.toContain('refnud');
  await shoot(page, perch, 'tags');
  await expect(question.getByRole('button', { name: 'Add “refund”' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => perch.workspace.inbox.row(c.id)?.tags).toContain('refund');
  await expect(question).toBeHidden();
  await expect(page.locator('.conversation-head .tags .tag', { hasText: 'refund' })).toBeVisible();

  // A new tag on purpose is one more choice away; an unlike one is added at once.
  await field.fill('vipp');
  await field.press('Enter');
  await expect(page.getByRole('group', { name: /Did you mean/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add “vipp” as a new tag' }).click();
  await expect.poll(() => perch.workspace.inbox.row(c.id)?.tags).toContain('vipp');
  await field.fill('warehouse-42');
  await field.press('Enter');
  await expect.poll(() => perch.workspace.inbox.row(c.id)?.tags).toContain('warehouse-42');
});
