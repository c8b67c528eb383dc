import { expect, openConversation, test } from './support/harness';
import { choose } from './support/select';
import { visitor } from './support/people';
import { keepScreen } from './support/screens';

test('the window title counts unread conversations', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.locator('[data-conversation-id]').first()).toBeVisible();
  await expect.poll(() => perch.workspace.inbox.snapshot().totals.all).toBeGreaterThan(0);
  await expect(page).toHaveTitle(`(${perch.workspace.inbox.snapshot().totals.all}) Perch`);
});

test('the preview keeps the last message after an assign and a tag; a note is marked as one', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const c = openConversation(perch, (x) => x.assigneeId === null);
  perch.sandbox.simulator.writeInto(c, 'Where is my parcel number 42?');
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await expect(row.locator('.preview')).toHaveText('Where is my parcel number 42?');
  await row.click();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.locator('[data-assignee]')).not.toContainText('Unassigned');
  await expect.poll(() => perch.workspace.inbox.row(c.id)?.assignee?.id).toBe(perch.adminId);
  await expect(row.locator('.preview')).toHaveText('Where is my parcel number 42?');
  await page.getByRole('combobox', { name: 'Add tag' }).fill('parcel');
  await page.getByRole('combobox', { name: 'Add tag' }).press('Enter');
  await expect.poll(() => perch.workspace.inbox.row(c.id)?.tags).toContain('parcel');
  await expect(row.locator('.preview')).toHaveText('Where is my parcel number 42?');

  await page.locator('[data-composer-tab="note"]').click();
  await page.locator('.composer textarea').fill('Checked the warehouse');
  await page.locator('.composer textarea').press('Control+Enter');
  await expect(row.locator('.preview')).toHaveText('Note: Checked the warehouse');
});

test('times are relative, with the exact time on hover; Russian uses a 24-hour clock', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'Just now');
  const time = page.locator(`[data-conversation-id="${c.id}"] time`);
  await expect(time).toHaveText(/^(now|\d+ min)$/);
  await time.hover();
  await expect(time).toHaveAttribute('title', /\d{1,2}:\d{2}/);
  await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
  await expect(time).toHaveText(/^(сейчас|\d+ мин)$/);
  // The exact time is formatted as the pointer arrives, in the language of the moment.
  await page.locator('[data-search]').hover();
  await time.hover();
  await expect(time).toHaveAttribute('title', /\d{2}:\d{2}/);
  await expect(time).not.toHaveAttribute('title', /AM|PM/);
  for (const [width, height] of [
    [1280, 800],
    [820, 520],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await keepScreen(page, `test-results/inbox-ru-${width}-${theme}.png`);
    }
  }
});

test.describe('with the sandbox’s Realtime Services', () => {
  test.use({ realtimeStream: true });

  test('a visitor’s message ends their typing line, even in a conversation opened after it came', async ({
    page,
    perch,
  }) => {
    await page.goto(perch.host.url);
    const [a, b] = [openConversation(perch), openConversation(perch, (x) => x.id !== openConversation(perch).id)];
    perch.sandbox.simulator.writeInto(a, 'First one');
    await page.locator(`[data-conversation-id="${a.id}"]`).click();
    // The visitor of another conversation types, then sends.
    await visitor.types(perch, b, 'Is the red one');
    perch.sandbox.simulator.writeInto(b, 'Is the red one in stock?');
    await expect(page.locator(`[data-conversation-id="${b.id}"] .preview`)).toHaveText('Is the red one in stock?');
    await page.locator(`[data-conversation-id="${b.id}"]`).click();
    await expect(page.locator('.timeline')).toContainText('Is the red one in stock?');
    await expect(page.locator('.typing')).toHaveText('');
  });
});

test('the exact time under a resting pointer follows the row when a new message moves its time', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const top = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first();
  const id = (await top.getAttribute('data-conversation-id'))!;
  const time = top.locator('time');
  await time.hover();
  const before = await time.getAttribute('title');
  expect(before).toMatch(/\d{1,2}:\d{2}/);

  // The newest conversation gets a message: it stays first, under the pointer, with a new time.
  const conversation = perch.sandbox.store.conversations.get(id)!;
  const oldTime = await time.getAttribute('datetime');
  perch.sandbox.simulator.writeInto(conversation, 'A message under the pointer');
  await expect(top.locator('.preview')).toHaveText('A message under the pointer');
  await expect(time).not.toHaveAttribute('datetime', oldTime!);
  const box = (await time.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2);
  await expect(time).toHaveAttribute('title', /\d{1,2}:\d{2}/);
  await expect(time).not.toHaveAttribute('title', before!);
});
