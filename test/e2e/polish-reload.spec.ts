import { expect, openConversation, test } from './support/harness';

test('a reload opens the same conversation in the same view again', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Is anyone there?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Is anyone there?');
  await page.reload();
  await expect(page.locator(`[data-conversation-id="${c.id}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.timeline')).toContainText('Is anyone there?');

  // A closed one, in the Closed view.
  const closed = [...perch.sandbox.store.conversations.values()].find(
    (x) => x.appId === perch.appId && x.closed && x.userReplies > 0 && !x.assistantType,
  )!;
  await page.getByRole('button', { name: 'Closed' }).click();
  await page.locator(`[data-conversation-id="${closed.id}"]`).click();
  await expect(page.locator(`[data-conversation-id="${closed.id}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator(`[data-conversation-id="${closed.id}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.conversation-head')).toBeVisible();
});
