import { expect, test } from './support/harness';
import { choose } from './support/select';
import { keepScreen } from './support/screens';

test('"oldest waiting first" puts the longest wait on top, holds still under J/K and replies, and is kept', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await page.locator('[data-view="unassigned"]').click();
  const waiting = () =>
    perch.workspace.inbox
      .snapshot()
      .rows.filter((r) => !r.closed && r.assignee === null && r.waitingSince !== null)
      .sort((a, b) => a.waitingSince! - b.waitingSince!);
  const [oldest, second] = waiting();
  expect(second, 'the demo has two waiting unassigned conversations').toBeDefined();
  const at = (index: number) => list.locator(`[data-index="${index}"]`);
  await expect(list.getByRole('option').first()).toBeVisible();
  // Newest first, the longest wait is not on top.
  await expect(at(0)).not.toHaveAttribute('data-conversation-id', oldest!.id);

  const sort = page.getByRole('combobox', { name: 'Sort' });
  await choose(sort, 'oldest-waiting');
  await expect(at(0)).toHaveAttribute('data-conversation-id', oldest!.id);
  await expect(at(1)).toHaveAttribute('data-conversation-id', second!.id);
  await expect(at(0).locator('.waiting')).toHaveText(/^waiting \d+ (min|h|d)$/);
  await expect.poll(() => perch.settings.get().inboxSort).toBe('oldest-waiting');
  await keepScreen(page, '/tmp/h-search-waiting-light.png');

  // J opens the top one; answering it does not move it away from under the agent.
  await sort.blur();
  await page.keyboard.press('j');
  await expect(at(0)).toHaveAttribute('aria-selected', 'true');
  const reply = page.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Sorry for the wait, looking at it now.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(at(0)).toContainText('Sorry for the wait');
  await expect.poll(() => waiting()[0]?.id).toBe(second!.id);
  await expect(at(0)).toHaveAttribute('data-conversation-id', oldest!.id);
  await reply.press('Escape');
  await page.keyboard.press('j');
  await expect(at(1)).toHaveAttribute('aria-selected', 'true');
  await expect(at(1)).toHaveAttribute('data-conversation-id', second!.id);
  await page.keyboard.press('k');
  await expect(at(0)).toHaveAttribute('aria-selected', 'true');
  await expect(at(0)).toHaveAttribute('data-conversation-id', oldest!.id);

  // Asked to, the list sorts again: the answered one no longer waits.
  await page.getByRole('button', { name: 'Sort again' }).click();
  await expect(at(0)).toHaveAttribute('data-conversation-id', second!.id);

  // The choice is kept: a new window sorts the same way.
  await page.reload();
  await page.locator('[data-view="unassigned"]').click();
  await expect(page.getByRole('combobox', { name: 'Sort' })).toContainText('Oldest waiting first');
  await expect(at(0)).toHaveAttribute('data-conversation-id', second!.id);
});
