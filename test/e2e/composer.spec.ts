import { expect, openConversation as pick, test } from './harness';

test('quick-reply buttons with meta_data go out with the reply, and the visitor’s press is marked', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = pick(perch);
  perch.sandbox.simulator.writeInto(c, 'Which size fits me?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await page.getByRole('textbox', { name: 'Reply' }).fill('Pick your size:');
  await page.getByRole('button', { name: 'Quick replies' }).click();
  await page.getByRole('textbox', { name: 'Button 1', exact: true }).fill('Small');
  await page.getByRole('textbox', { name: 'meta_data of button 1' }).fill('{"size": "S"}');
  await page.getByRole('button', { name: 'Add a button' }).click();
  await page.getByRole('textbox', { name: 'Button 2', exact: true }).fill('Large');
  await page.getByRole('textbox', { name: 'meta_data of button 2' }).fill('not json');
  await expect(page.getByText('meta_data of button 2 must be a JSON object')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'meta_data of button 2' }).fill('');
  await expect(page.getByRole('list', { name: 'Preview of the buttons' })).toContainText('Small');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => c.parts.at(-1)?.body).toBe('Pick your size:');
  expect(c.parts.at(-1)!.actions).toEqual([{ type: 'quick_reply', body: 'Small', meta_data: { size: 'S' } }, { type: 'quick_reply', body: 'Large' }]);
  await expect(page.locator('.timeline .part.admin:not(.pending) .quick-replies').last()).toContainText('Small');

  perch.sandbox.simulator.respond(c);
  await expect.poll(() => c.parts.at(-1)?.type, { timeout: 5000 }).toBe('reply_user');
  expect(['Small', 'Large']).toContain(c.parts.at(-1)!.body);
  await expect(page.locator('.timeline .part.visitor').last()).toContainText('Quick reply');
});

test('saved replies are kept locally and inserted from the list or with Alt+1', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = pick(perch);
  perch.sandbox.simulator.writeInto(c, 'Hi');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const box = page.getByRole('textbox', { name: 'Reply' });
  await box.fill('Thanks for waiting! Let me check.');
  await page.getByRole('button', { name: 'Save reply' }).click();
  await box.fill('');
  await box.press('Alt+1');
  await expect(box).toHaveValue('Thanks for waiting! Let me check.');
  await box.fill('');
  await page.getByRole('combobox', { name: 'Saved replies' }).selectOption('Thanks for waiting! Let me check.');
  await expect(box).toHaveValue('Thanks for waiting! Let me check.');
  await page.reload();
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.getByRole('combobox', { name: 'Saved replies' })).toBeVisible();
});
