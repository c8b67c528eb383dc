import { auditScreen } from './support/audit';
import { expect, openConversation, test } from './support/harness';
import { choose } from './support/select';
import { shoot } from './support/screens';

test.describe.configure({ timeout: 120_000 });

test('@ in a note suggests the account’s colleagues; arrows and Enter insert the name, and the note says so', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch);
  const admins = [...perch.sandbox.store.admins.values()].filter(
    (a) => a.appId === perch.appId && a.type !== 'bot' && a.id !== perch.adminId,
  );
  // A colleague the inbox knows: the assignee of a conversation of the list.
  const colleague = admins.find((a) =>
    [...perch.sandbox.store.conversations.values()].some((r) => r.appId === perch.appId && r.assigneeId === a.id),
  )!;
  const me = perch.sandbox.store.admins.get(perch.adminId)!;
  // A new message brings the conversation to the top of the list.
  perch.sandbox.simulator.writeInto(c, 'Has my refund gone through?');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toBeVisible();

  // In a reply, @ is only a character.
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('');
  await reply.pressSequentially('mail @');
  await expect(page.getByRole('listbox', { name: 'Colleagues to mention' })).toHaveCount(0);
  await reply.fill('');

  await page.getByRole('tab', { name: 'Note' }).click();
  await expect(page.locator('.note-banner')).toContainText('@ names a colleague; they are not notified.');
  const note = page.getByRole('textbox', { name: 'Note' });
  await note.pressSequentially(`Please look, @${colleague.name.slice(0, 3).toLowerCase()}`);
  const list = page.getByRole('listbox', { name: 'Colleagues to mention' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('option', { name: colleague.name })).toBeVisible();
  // The agent is not offered to themselves.
  await expect(list.getByRole('option', { name: me.name, exact: true })).toHaveCount(0);
  await expect(page.locator('[data-mention-picker]')).toContainText('the platform does not notify them');
  await expect(page.locator('[data-mention-picker]')).toContainText(/\d+ colleagues?\. Perch inserts the name/);
  await expect(note).toHaveAttribute('aria-controls', 'mention-picker');
  await shoot(page, 'mention-picker');
  await auditScreen(page, 'mention-picker');

  const options = await list.getByRole('option').allTextContents();
  for (let i = 0; i < options.indexOf(colleague.name); i++) await note.press('ArrowDown');
  await note.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(note).toHaveValue(`Please look, @${colleague.name} `);
  await note.pressSequentially('the refund?');
  await expect(note).toHaveValue(`Please look, @${colleague.name} the refund?`);

  // Escape closes the list and keeps what was typed; the note still saves with Ctrl+Enter.
  await note.pressSequentially(' cc @');
  await expect(list).toBeVisible();
  await note.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(note).toBeFocused();
  await note.press('Backspace');
  await note.press('Control+Enter');
  await expect
    .poll(() =>
      c.parts.some((p) => p.type === 'note' && p.body.trim() === `Please look, @${colleague.name} the refund? cc`),
    )
    .toBe(true);
});

test('the colleagues’ list in Russian, at the narrow size', async ({ page, perch }) => {
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Has my refund gone through?');
  await page.goto(perch.host.url);
  await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await page.getByRole('tab', { name: 'Заметка' }).click();
  await page.getByRole('textbox', { name: 'Заметка' }).pressSequentially('@');
  await expect(page.getByRole('listbox', { name: 'Кого упомянуть' })).toBeVisible();
  await expect(page.locator('[data-mention-picker]')).toContainText('платформа не уведомит коллегу');
  await auditScreen(page, 'mention-picker-ru', 'narrow');
});
