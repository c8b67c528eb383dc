import { expect, openConversation, test } from './support/harness';
import { sidewaysScroll } from './support/audit';
import { keepScreen } from './support/screens';

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

test('after choosing in a drop-down, single keys are commands again, and a closed drop-down changes nothing by letters', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const rows = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
  await expect(rows.nth(1)).toBeVisible();
  const sort = page.getByRole('combobox', { name: 'Sort' });
  await sort.click();
  await page.getByRole('option', { name: 'Oldest waiting first' }).click();
  await expect(sort).toBeFocused();
  // J opens the first conversation of the list, as it does from anywhere that is not a text field.
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(sort).toContainText('Oldest waiting first');
  // A letter on the closed Sort does not pick another order ("n" is not "Newest first").
  await sort.focus();
  await page.keyboard.press('n');
  await expect(sort).toContainText('Oldest waiting first');
  await expect(page.getByRole('textbox', { name: 'Note' })).toBeFocused();
});

test('a visitor who left no name is named by phone, city or a short number, never by 19 digits', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch);
  const user = perch.sandbox.store.users.get(c.userId)!;
  for (const key of ['$name', '$email', '$phone']) delete user.props[key];
  user.props['$city'] = 'Toronto';
  perch.sandbox.simulator.writeInto(c, 'Hello?');
  await page.goto(perch.host.url);
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await expect(row).toContainText('Visitor from Toronto');
  await row.click();
  await expect(page.locator('main.conversation')).toHaveAttribute('aria-label', 'Visitor from Toronto');
  await expect(page.locator('body')).not.toContainText(user.id);
});

test('saved replies: after Save the form is empty for the next reply, and writing one never replaces the last', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  await page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first().click();
  await page.getByRole('button', { name: 'Saved replies…' }).click();
  const editor = page.getByRole('dialog', { name: 'Saved replies' });
  const title = editor.getByRole('textbox', { name: 'Title' });
  const text = editor.getByRole('textbox', { name: 'Text' });
  await title.fill('Greeting');
  await text.fill('Hello there');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('status')).toHaveText('Saved “Greeting”.');
  await expect(title).toHaveValue('');
  await expect(text).toHaveValue('');
  await expect(title).toBeFocused();
  // Straight on to the next one, without New reply: both are kept.
  await title.fill('Goodbye');
  await text.fill('Have a good day');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('list', { name: 'Saved replies' }).getByRole('button')).toHaveText([
    'Greeting',
    'Goodbye',
  ]);
  // Editing a listed one still saves that one.
  await editor.getByRole('list', { name: 'Saved replies' }).getByRole('button', { name: 'Greeting' }).click();
  await text.fill('Hello again');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('list', { name: 'Saved replies' }).getByRole('button')).toHaveText([
    'Greeting',
    'Goodbye',
  ]);
});

test('zoomed to 125 % in a 1280×800 window, the layout follows the zoomed width: the visitor panel becomes a drawer, nothing overlaps', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Hello there');
  await perch.settings.update((s) => ({ ...s, zoomPercent: 125 }));
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const toggle = page.locator('.drawer-toggle');
  await expect(toggle).toBeVisible();
  await expect(page.locator('.conversation-area > .visitor-drawer')).toBeHidden();
  // The header's actions stay inside the conversation, clear of the panel's place.
  const header = await page.locator('.conversation header').first().boundingBox();
  const area = await page.locator('.conversation-area').boundingBox();
  expect(header!.x + header!.width).toBeLessThanOrEqual(area!.x + area!.width + 1);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await keepScreen(page, 'test-results/zoom-125-conversation.png');
});
