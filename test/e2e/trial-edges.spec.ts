import { expect, openConversation, test } from './harness';

test('half-typed tag text stays with its conversation: another conversation opens with an empty tag field', async ({
  page,
  perch,
}) => {
  const a = openConversation(perch);
  const b = openConversation(perch, (c) => c.id !== a.id);
  perch.sandbox.simulator.writeInto(a, 'First visitor');
  perch.sandbox.simulator.writeInto(b, 'Second visitor');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${a.id}"]`).click();
  const tagField = page.getByRole('combobox', { name: 'Add tag' });
  await tagField.fill('ref');
  await tagField.press('Escape');
  await page.locator(`[data-conversation-id="${b.id}"]`).click();
  await expect(page.locator('main.conversation')).toHaveAttribute('aria-label', /.+/);
  await expect(tagField).toHaveValue('');
  // Enter there adds nothing to the other conversation.
  await tagField.press('Enter');
  await expect(page.locator('.undo-notice')).toHaveCount(0);
  expect(b.tags).not.toContain('ref');
});
