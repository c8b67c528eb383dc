import { expect, test } from './support/harness';
import { compareRows } from '../../src/shared/inbox';
import { keepScreen } from './support/screens';

// Each answer takes 20 ms, so the first full read (200 pages) lasts long enough to be watched.
test.use({ conversationsPerApp: 10_000, sandboxLatencyMs: 20 });

test('an inbox of 10,000 conversations: progress while it loads, a short DOM, the oldest reachable, search and open at once', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  // Rows show while the rest loads, with the count so far.
  await expect(page.getByRole('progressbar')).toContainText(/Loaded [\d,]+ conversations/);
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect.poll(() => perch.workspace.inbox.snapshot().progress.done, { timeout: 30_000 }).toBe(true);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, latencyMs: 0 };
  const rows = perch.workspace.inbox
    .snapshot()
    .rows.filter((r) => !r.closed)
    .sort(compareRows);
  expect(rows.length).toBeGreaterThan(5000);

  // Only what is on screen is in the DOM, however long the list.
  expect(await list.getByRole('option').count()).toBeLessThan(60);
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const oldest = rows.at(-1)!;
  await expect(list.locator(`[data-conversation-id="${oldest.id}"]`)).toBeVisible();
  expect(await list.getByRole('option').count()).toBeLessThan(60);

  // Search narrows the whole list, and the match opens.
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill(`#${oldest.id}`);
  await expect(list.getByRole('option')).toHaveCount(1);
  await list.getByRole('option').first().click();
  await expect(list.locator(`[data-conversation-id="${oldest.id}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.timeline .part').first()).toBeVisible();
  await keepScreen(page, 'test-results/inbox-10000.png');
});
