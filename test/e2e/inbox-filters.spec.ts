import { isDelayed } from '../../src/shared/inbox';
import { expect, openConversation, test } from './support/harness';
import { choose } from './support/select';
import { keepScreen } from './support/screens';

test('the inbox narrows by tag and to delayed conversations, which show how long the visitor waits', async ({
  page,
  perch,
}) => {
  const fresh = openConversation(perch);
  perch.sandbox.simulator.writeInto(fresh, 'Just arrived');
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list.locator(`[data-conversation-id="${fresh.id}"]`)).toBeVisible();
  const shownIds = () =>
    list.getByRole('option').evaluateAll((els) => els.map((el) => el.getAttribute('data-conversation-id')!));
  const open = () => perch.workspace.inbox.snapshot().rows.filter((r) => !r.closed);

  const tagged = open().filter((r) => r.tags.length > 0);
  const tag = tagged[0]!.tags[0]!;
  const tagSelect = page.getByRole('combobox', { name: 'Filter by tag' });
  // The list of tags is made when the agent reaches for it.
  await tagSelect.focus();
  await choose(tagSelect, tag);
  const withTag = new Set(
    open()
      .filter((r) => r.tags.includes(tag))
      .map((r) => r.id),
  );
  await expect.poll(async () => (await shownIds()).every((id) => withTag.has(id))).toBe(true);
  expect((await shownIds()).length).toBe(Math.min(withTag.size, (await shownIds()).length));
  expect((await shownIds()).length).toBeGreaterThan(0);
  await choose(tagSelect, '');

  await page.getByRole('button', { name: 'Delayed' }).click();
  await expect(page.getByRole('button', { name: 'Delayed' })).toHaveAttribute('aria-pressed', 'true');
  const now = Date.now() / 1000;
  const delayed = new Set(
    open()
      .filter((r) => isDelayed(r, now))
      .map((r) => r.id),
  );
  expect(delayed.size).toBeGreaterThan(0);
  await expect.poll(async () => (await shownIds()).every((id) => delayed.has(id))).toBe(true);
  expect(await shownIds()).not.toContain(fresh.id);
  await expect(list.getByRole('option').first().locator('.waiting')).toHaveText(/waiting \d+ (min|h|d)/);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/inbox-delayed-${theme}.png`);
  }
  await page.getByRole('button', { name: 'Delayed' }).click();
  await expect(list.locator(`[data-conversation-id="${fresh.id}"]`)).toBeVisible();

  // Answered and unanswered exclude each other.
  await page.getByRole('button', { name: 'Answered', exact: true }).click();
  const answered = new Set(
    open()
      .filter((r) => !r.previewFromVisitor)
      .map((r) => r.id),
  );
  await expect.poll(async () => (await shownIds()).every((id) => answered.has(id))).toBe(true);
  expect(await shownIds()).not.toContain(fresh.id);
  await page.getByRole('button', { name: 'Unanswered' }).click();
  await expect(page.getByRole('button', { name: 'Answered', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(list.locator(`[data-conversation-id="${fresh.id}"]`)).toBeVisible();
});
