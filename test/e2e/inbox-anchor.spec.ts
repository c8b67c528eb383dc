import { expect, test } from './support/harness';
import { visitor } from './support/people';
import { keepScreen } from './support/screens';

test('rows arriving above a scrolled list keep the row in view in place, and "3 new" takes the agent to them', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  await expect(page.locator('[data-health="ok"]')).toBeVisible();
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(list).toHaveAttribute('aria-busy', 'false');

  // The agent scrolls down a few rows and aims at the first row fully in view.
  await list.evaluate((el) => el.scrollTo({ top: 500 }));
  const aimed = await list.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const row = [...el.querySelectorAll('[role=option]')]
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .find((r) => r.getBoundingClientRect().top >= top)!;
    return { id: row.getAttribute('data-conversation-id')!, y: row.getBoundingClientRect().top };
  });
  const row = list.locator(`[data-conversation-id="${aimed.id}"]`);

  // Three visitors write in conversations far down the list: they move to the top.
  const open = perch.workspace.inbox.snapshot().rows.filter((r) => !r.closed);
  const movers = open.slice(-3);
  for (const mover of movers) {
    const conversation = perch.sandbox.store.conversations.get(mover.id)!;
    await visitor.writes(perch, conversation, `Anyone there? ${mover.id}`);
  }

  const newAbove = page.getByRole('button', { name: '3 new' });
  await expect(newAbove).toBeVisible();
  // The row the agent aimed at has not moved under the pointer.
  expect(Math.abs((await row.boundingBox())!.y - aimed.y)).toBeLessThanOrEqual(1);
  await keepScreen(page, 'test-results/inbox-new-above.png');

  await newAbove.click();
  await expect(newAbove).toHaveCount(0);
  // The three wrote within a second or two: times are whole seconds, so any of them may be on top.
  const moverIds = new RegExp(`^(${movers.map((m) => m.id).join('|')})$`);
  await expect(list.getByRole('option').first()).toHaveAttribute('data-conversation-id', moverIds);
  expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
});
