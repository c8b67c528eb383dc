import { expect, test } from './support/harness';
import { shoot } from './support/screens';

test('dropped connections: the status says so, errors are sentences with Retry, and clear on recovery', async ({
  page,
  perch,
}) => {
  const [a, b] = [...perch.sandbox.store.conversations.values()]
    .filter((x) => x.appId === perch.appId && !x.closed && x.userReplies > 0 && !x.assistantType && x.userId !== null)
    .slice(0, 2);
  perch.sandbox.simulator.writeInto(a!, 'Before the outage');
  perch.sandbox.simulator.writeInto(b!, 'Other visitor');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${a!.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Before the outage');
  const status = page.getByRole('status').filter({ hasText: /Up to date|Offline|Server trouble/ });
  await expect(status).toHaveText('Up to date');

  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, dropRate: 1 };
  await expect(status).toHaveText(/Offline|Server trouble/);
  await page.locator(`[data-conversation-id="${b!.id}"]`).click();
  const problem = page.locator('.conversation [role="alert"]').first();
  await expect(problem).toContainText('Perch cannot reach the server');
  await expect(page.locator('.conversation')).not.toContainText('UND_ERR');
  await expect(page.locator('.visitor-panel')).not.toContainText('UND_ERR');
  await expect(page.locator('.conversation').getByRole('button', { name: 'Retry' })).toBeVisible();
  await shoot(page, 'network-trouble');

  // Back: the status, the conversation and the visitor panel recover without a click.
  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, dropRate: 0 };
  await expect(status).toHaveText('Up to date', { timeout: 20_000 });
  await expect(page.locator('.timeline')).toContainText('Other visitor', { timeout: 20_000 });
  await expect(page.locator('.conversation [role="alert"]')).toHaveCount(0);
  await expect(page.locator('.visitor-panel [role="alert"]')).toHaveCount(0, { timeout: 20_000 });
});
