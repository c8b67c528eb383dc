import { systemPart } from '../../src/sandbox/routes/system-part';
import { expect, openConversation, test, type Perch } from './support/harness';
import { keepScreen } from './support/screens';

/** A demo visitor's property, when it is a string. */
const propOf = (perch: Perch, userId: string, name: string): string | undefined => {
  const value = perch.sandbox.store.users.get(userId)?.props[name];
  return typeof value === 'string' ? value : undefined;
};

test('search finds earlier replies, e-mails and properties in every view, and says where the matches are', async ({
  page,
  perch,
}) => {
  const named = (c: { userId: string }) =>
    propOf(perch, c.userId, '$name') !== undefined && propOf(perch, c.userId, '$email') !== undefined;
  const replied = openConversation(perch, named);
  const byEmail = openConversation(perch, (c) => named(c) && c.id !== replied.id && c.userId !== replied.userId);
  const byPhone = openConversation(
    perch,
    (c) => propOf(perch, c.userId, '$phone') !== undefined && ![replied.userId, byEmail.userId].includes(c.userId),
  );
  perch.sandbox.simulator.writeInto(replied, 'Do you have a discount for first orders?');
  perch.sandbox.simulator.writeInto(byPhone, 'Can you call me back?');
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  const rowOf = (id: string) => list.locator(`[data-conversation-id="${id}"]`);
  const search = page.getByRole('searchbox', { name: 'Search conversations' });

  // An earlier reply: FIRSTBOX25 is no longer the last message, and the conversation is closed.
  await rowOf(replied.id).click();
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Use the code FIRSTBOX25 at checkout.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.locator('.timeline .part.admin:not(.pending)').last()).toContainText('FIRSTBOX25');
  await reply.fill('Anything else I can help with?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(rowOf(replied.id)).toContainText('Anything else I can help with?');
  perch.sandbox.store.appendPart(replied, systemPart('closed', perch.adminId, 1));

  // A property only the visitor panel showed: the phone of a visitor whose conversation was open.
  const phone = propOf(perch, byPhone.userId, '$phone')!;
  await rowOf(byPhone.id).click();
  await expect(page.getByRole('complementary', { name: 'Visitor' })).toContainText(phone);

  await expect(rowOf(replied.id)).toHaveCount(0);
  await search.fill('firstbox25');
  await expect(list.getByRole('option')).toHaveCount(0);
  const elsewhere = page.getByRole('region', { name: 'Matches in other views' });
  await expect(page.getByText('No conversation in All open matches this search.')).toBeVisible();
  await expect(elsewhere).toContainText('1 in Closed');
  await keepScreen(page, '/tmp/h-search-elsewhere-light.png');
  await elsewhere.getByRole('button', { name: '1 in Closed' }).click();
  await expect(page.locator('[data-view="closed"]')).toHaveAttribute('aria-current', 'page');
  await expect(search).toHaveValue('firstbox25');
  await expect(rowOf(replied.id)).toBeVisible();

  // The e-mail of a named visitor, whose row shows the name.
  await page.locator('[data-view="open"]').click();
  await search.fill(propOf(perch, byEmail.userId, '$email')!);
  await expect(rowOf(byEmail.id)).toBeVisible();

  await search.fill(phone.split(' ').at(-1)!);
  await expect(rowOf(byPhone.id)).toBeVisible();
});

test('search finds the reply and the note the agent wrote after a reload, without opening them again', async ({
  page,
  perch,
}) => {
  const replied = openConversation(perch);
  const noted = openConversation(perch, (c) => c.id !== replied.id);
  // New messages bring both to the top of the list.
  perch.sandbox.simulator.writeInto(replied, 'Is there a discount code?');
  perch.sandbox.simulator.writeInto(noted, 'Which plan suits a small team?');
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  const rowOf = (id: string) => list.locator(`[data-conversation-id="${id}"]`);
  const send = async (text: string) => {
    await page.getByRole('textbox', { name: 'Reply' }).fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator('.timeline .part.admin:not(.pending)').last()).toContainText(text);
  };

  // Neither word is the last message of its row afterwards: only what Perch keeps can find it.
  await rowOf(replied.id).click();
  await send('Use the code QUOKKA42 at checkout.');
  await send('Anything else I can help with?');
  await rowOf(noted.id).click();
  await page.locator('[data-composer-tab="note"]').click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Asked about the Wombat plan.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.locator('.timeline .part:not(.pending)').last()).toContainText('Wombat');
  await page.locator('[data-composer-tab="reply"]').click();
  await send('Let me check that for you.');
  await expect(rowOf(noted.id)).toContainText('Let me check that for you.');

  await page.reload();
  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await expect(rowOf(replied.id)).toBeVisible();
  await search.fill('quokka42');
  await expect(rowOf(replied.id)).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(1);
  await search.fill('wombat');
  await expect(rowOf(noted.id)).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(1);
});
