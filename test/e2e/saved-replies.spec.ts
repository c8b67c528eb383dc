import { auditScreen } from './support/audit';
import { expect, openConversation as pick, test } from './support/harness';
import { openPalette } from './support/palette';

test.use({ viewport: { width: 820, height: 520 } });

test('saved replies: written in the editor, picked with / and Alt+N, variables filled, unknown ones held back', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const c = pick(perch, (conversation) => !!perch.sandbox.store.users.get(conversation.userId)?.props.$name);
  const visitor = String(perch.sandbox.store.users.get(c.userId)!.props.$name);
  perch.sandbox.simulator.writeInto(c, 'Hello?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();

  await page.getByRole('button', { name: 'Saved replies…' }).click();
  const editor = page.getByRole('dialog', { name: 'Saved replies' });
  await expect(editor.getByRole('searchbox', { name: 'Search saved replies' })).toBeFocused();
  const write = async (title: string, body: string) => {
    await editor.getByRole('button', { name: 'New reply' }).click();
    await editor.getByRole('textbox', { name: 'Title' }).fill(title);
    await editor.getByRole('textbox', { name: 'Text' }).fill(body);
  };
  await write('Greeting', 'Hi {{visitor.name|there}}, how can I help?');
  await editor.getByRole('button', { name: 'Buttons' }).click();
  await editor.getByRole('textbox', { name: 'Button 1', exact: true }).fill('Billing');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('status')).toHaveText('Saved “Greeting”.');
  await write('Refund policy', 'Refunds take 5 days, {{visitor.nickname|friend}}.');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  // Begun at once, while Refund policy may still be saving: nothing typed is replaced.
  await write('Typo', 'Dear {{visitor.nmae}}');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('list', { name: 'Saved replies' }).getByRole('button')).toHaveText([
    'Greeting',
    'Refund policy',
    'Typo',
  ]);
  await editor.getByRole('searchbox').fill('refund');
  await expect(editor.getByRole('list', { name: 'Saved replies' }).getByRole('button')).toHaveText(['Refund policy']);
  await editor.getByRole('searchbox').fill('');
  await auditScreen(page, 'saved-replies-editor');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // `/` opens the picker on the composer: the text field stays focused and names the active option.
  const box = page.getByRole('textbox', { name: 'Reply' });
  await box.click();
  await box.pressSequentially('/ref');
  const list = page.getByRole('listbox', { name: 'Saved replies matching what you typed' });
  await expect(list.getByRole('option')).toHaveText([/Refund policy/]);
  for (let i = 0; i < 3; i += 1) await box.press('Backspace');
  await expect(list.getByRole('option')).toHaveCount(3);
  await expect(box).toHaveAttribute('aria-activedescendant', 'saved-reply-picker-0');
  await box.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toContainText('Refund policy');
  await expect(box).toHaveAttribute('aria-activedescendant', 'saved-reply-picker-1');
  await box.press('ArrowUp');
  await expect(list.getByRole('option', { selected: true })).toContainText('Greeting');
  await auditScreen(page, 'saved-replies-picker');
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('/');
  await box.fill('/refund');
  await box.press('Enter');
  await expect(box).toHaveValue('Refunds take 5 days, friend.');
  await expect(list).toBeHidden();

  // Alt+1 inserts the first, filled with the visitor's name, with its buttons.
  await box.fill('');
  await box.press('Alt+1');
  await expect(box).toHaveValue(`Hi ${visitor}, how can I help?`);
  await expect(page.getByRole('textbox', { name: 'Button 1', exact: true })).toHaveValue('Billing');

  // An unknown variable is shown and never sent.
  await box.fill('');
  await box.press('Alt+3');
  await expect(box).toHaveValue('Dear {{visitor.nmae}}');
  await expect(page.locator('[data-unfilled]')).toHaveText('Fill in or delete {{visitor.nmae}} before sending.');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.press('Control+Enter');
  await box.fill('Dear Anna');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => c.parts.at(-1)?.body).toBe('Dear Anna');
  expect(c.parts.some((p) => p.body.includes('{{'))).toBe(false);

  // Kept by main across a reload.
  await page.reload();
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await box.fill('/gree');
  await expect(list.getByRole('option')).toHaveText([/Greeting/]);
});

test('saved replies: a damaged or hostile import file is refused with a sentence and changes nothing; export imports back', async ({
  page,
  perch,
}, testInfo) => {
  await perch.accounts.handlers['saved-replies:save']({
    title: 'Kept',
    body: 'Kept text',
    accountId: null,
    buttons: [],
  });
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('Saved replies');
  await expect(page.getByRole('dialog', { name: 'Commands' }).getByRole('option').first()).toContainText(
    'Saved replies',
  );
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'Saved replies' });
  const input = editor.locator('[data-saved-import]');
  const status = editor.getByRole('status');
  const titles = editor.getByRole('list', { name: 'Saved replies' }).getByRole('button');
  await expect(titles).toHaveText(['Kept']);

  await input.setInputFiles({
    name: 'replies.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"perch": "sav'),
  });
  await expect(status).toHaveText('This file is damaged or is not a JSON file. Nothing was changed.');
  const hostile = {
    perch: 'saved-replies',
    version: 1,
    replies: [
      { title: 'Fine', body: 'Fine', accountId: null, buttons: [] },
      { title: 'x', body: 'y', accountId: '../../etc', buttons: [], __proto__: { admin: true } },
    ],
  };
  await input.setInputFiles({
    name: 'replies.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(hostile)),
  });
  await expect(status).toHaveText(
    'Some replies in this file are damaged or hold something Perch does not take. Nothing was changed.',
  );
  await input.setInputFiles({ name: 'accounts.json', mimeType: 'application/json', buffer: Buffer.from('[]') });
  await expect(status).toHaveText('This file is not a Perch saved-replies export. Nothing was changed.');
  await expect(titles).toHaveText(['Kept']);
  expect((await perch.accounts.handlers['saved-replies:list']()).map((r) => r.title)).toEqual(['Kept']);

  const download = page.waitForEvent('download');
  await editor.getByRole('button', { name: 'Export' }).click();
  const exported = testInfo.outputPath('export.json');
  await (await download).saveAs(exported);
  await perch.accounts.handlers['saved-replies:remove']((await perch.accounts.handlers['saved-replies:list']())[0]!.id);
  await input.setInputFiles(exported);
  await expect(status).toHaveText('Imported: 1 new, 0 replaced.');
  await expect(titles).toHaveText(['Kept']);
});
