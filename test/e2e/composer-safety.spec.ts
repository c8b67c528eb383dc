import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/screens';

test('note mode looks like a note, and a note never turns into a reply', async ({ page, perch }) => {
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Is my order shipped?');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await expect(reply).toBeVisible();
  const replyBackground = await reply.evaluate(
    (el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor,
  );

  await page.locator('.timeline').click();
  await page.keyboard.press('n');
  const note = page.getByRole('textbox', { name: 'Note' });
  await expect(note).toBeFocused();
  await note.fill('Customer was rude last time, careful');
  await expect(page.locator('.composer')).toContainText('Only your team sees notes');
  expect(await note.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor)).not.toBe(
    replyBackground,
  );
  await shoot(page, 'composer-note');

  // Switching to Reply never carries the note along: the reply box is empty, Send disabled.
  await page.getByRole('tab', { name: 'Reply' }).click();
  await expect(reply).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await reply.fill('Yes, it left yesterday.');
  await page.getByRole('tab', { name: 'Note' }).click();
  await expect(note).toHaveValue('Customer was rude last time, careful');
  await page.getByRole('tab', { name: 'Reply' }).click();
  await expect(reply).toHaveValue('Yes, it left yesterday.');
});

test('drafts stay with their conversation across switches and a reload', async ({ page, perch }) => {
  const [a, b] = [...perch.sandbox.store.conversations.values()]
    .filter((x) => x.appId === perch.appId && !x.closed && x.userReplies > 0 && !x.assistantType)
    .slice(0, 2);
  perch.sandbox.simulator.writeInto(a!, 'First visitor');
  perch.sandbox.simulator.writeInto(b!, 'Second visitor');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${a!.id}"]`).click();
  await page.getByRole('textbox', { name: 'Reply' }).fill('Half-written answer for A');
  await page.getByRole('tab', { name: 'Note' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Note draft for A');
  await page.locator(`[data-conversation-id="${b!.id}"]`).click();
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Reply' }).fill('Draft for B');
  await page.locator(`[data-conversation-id="${a!.id}"]`).click();
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveValue('Half-written answer for A');
  await page.getByRole('tab', { name: 'Note' }).click();
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('Note draft for A');

  // Kept by main: a new window finds them.
  await expect.poll(() => perch.workspace.drafts.get(b!.id).reply).toBe('Draft for B');
  await page.reload();
  await page.locator(`[data-conversation-id="${b!.id}"]`).click();
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveValue('Draft for B');

  // Sent: the draft is gone.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => b!.parts.at(-1)?.body).toBe('Draft for B');
  await expect.poll(() => perch.workspace.drafts.get(b!.id).reply).toBe('');
});

test('the composer counts near the limit, refuses over it with a sentence; long messages fold', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch);
  const long = `${'A long story about a parcel. '.repeat(200)}THE END`;
  perch.sandbox.simulator.writeInto(c, long);
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const bubble = page.locator('.timeline .part.visitor').last();
  await expect(bubble.getByRole('button', { name: 'Show more' })).toBeVisible();
  const folded = (await bubble.locator('.bubble').boundingBox())!.height;
  await shoot(page, 'long-message-folded');
  expect(folded).toBeLessThan(400);
  await bubble.getByRole('button', { name: 'Show more' }).click();
  expect((await bubble.locator('.bubble').boundingBox())!.height).toBeGreaterThan(folded * 2);
  await expect(bubble.getByRole('button', { name: 'Show less' })).toBeVisible();

  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('x'.repeat(19_990));
  await expect(page.locator('[data-composer-count]')).toContainText('19,990 / 20,000');
  await reply.fill('x'.repeat(20_003));
  await expect(page.locator('.composer')).toContainText('3 characters over the limit');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await shoot(page, 'composer-limit');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.composer')).not.toContainText('invalid');
  await reply.fill('x'.repeat(20_000));
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  // The reply within the limit goes the same way after the refused one: once it has landed,
  // the refused one would have too. Exactly one reply of the agent's is there.
  const repliesBefore = c.parts.filter((part) => part.direction === 'a2u').length;
  await page.keyboard.press('Control+Enter');
  await expect.poll(() => c.parts.at(-1)?.body?.length).toBe(20_000);
  expect(c.parts.filter((part) => part.direction === 'a2u')).toHaveLength(repliesBefore + 1);
});
