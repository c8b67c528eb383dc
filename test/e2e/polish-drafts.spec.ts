import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/polish-shots';

test('rows with an unsent reply or note say "Draft", in every view; the composer tab holding a draft is marked', async ({
  page,
  perch,
}) => {
  // A closed conversation with a reply kept from an earlier day.
  const closed = [...perch.sandbox.store.conversations.values()].find(
    (c) => c.appId === perch.appId && c.closed && c.userReplies > 0 && !c.assistantType,
  )!;
  perch.workspace.drafts.set(closed.id, { reply: 'Sorry for the wait, here is the code', note: '' });
  await page.goto(perch.host.url);
  const a = openConversation(perch);
  const b = openConversation(perch, (c) => c.id !== a.id);
  // Both at the top of the list.
  perch.sandbox.simulator.writeInto(a, 'Where is my parcel?');
  perch.sandbox.simulator.writeInto(b, 'Hello?');
  const rowA = page.locator(`[data-conversation-id="${a.id}"]`);
  await rowA.click();
  await expect(rowA.locator('[data-draft-mark]')).toHaveCount(0);
  await page.locator('[data-composer-tab="note"]').click();
  await page.locator('.composer textarea').fill('Ask the warehouse first');
  await expect(rowA.locator('[data-draft-mark]')).toHaveText('Draft');
  // The note tab says it holds a draft, the reply tab does not.
  await page.locator('[data-composer-tab="reply"]').click();
  await expect(page.getByRole('tab', { name: 'Note, has a draft' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reply', exact: true })).toBeVisible();
  await page.locator(`[data-conversation-id="${b.id}"]`).click();
  await expect(rowA.locator('[data-draft-mark]')).toHaveText('Draft');
  await expect(page.locator(`[data-conversation-id="${b.id}"] [data-draft-mark]`)).toHaveCount(0);
  await rowA.click();
  await expect(page.getByRole('tab', { name: 'Note, has a draft' })).toBeVisible();
  await shoot(page, perch, 'drafts');

  // After a reload the marks come from main.
  await page.reload();
  await expect(rowA.locator('[data-draft-mark]')).toHaveText('Draft');
  await page.getByRole('button', { name: 'Closed' }).click();
  await expect(page.locator(`[data-conversation-id="${closed.id}"] [data-draft-mark]`)).toHaveText('Draft');
  await page.locator(`[data-conversation-id="${closed.id}"]`).click();
  await expect(page.getByRole('tab', { name: 'Reply, has a draft' })).toBeVisible();

  // Emptying the draft takes the mark away.
  await page.locator('.composer textarea').fill('');
  await expect(page.locator(`[data-conversation-id="${closed.id}"] [data-draft-mark]`)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Reply', exact: true })).toBeVisible();
});
