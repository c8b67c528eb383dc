import { expect, openConversation, test } from './harness';
import { shoot } from './screens';

const withLink = (url: string, link: string) => `${url}&open=${encodeURIComponent(link)}`;

test('a link to a conversation the account does not have says so in the pane; the account stays in good health', async ({
  page,
  perch,
}) => {
  await page.goto(withLink(perch.host.url, 'perch://open/demo/987654321'));
  const pane = page.locator('main.conversation');
  await expect(pane.getByRole('alert')).toHaveText(/This conversation no longer exists or is not in this account\./);
  // One missing conversation is not an outage: no banner, no "Server trouble", the tray stays healthy.
  const since = perch.indicator.length;
  await page.waitForTimeout(5000);
  await expect(page.getByRole('region', { name: 'Sync trouble' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('Server trouble');
  expect(perch.indicator.slice(since).map((i) => i.health)).not.toContain('degraded');
  expect(perch.workspace.inbox.health).toBe('ok');
  await shoot(page, 'trial-missing-conversation');
});

test('during server errors a conversation read before reopens with its messages, a "Could not refresh" line and Retry', async ({
  page,
  perch,
}) => {
  const a = openConversation(perch);
  const b = openConversation(perch, (c) => c.id !== a.id);
  perch.sandbox.simulator.writeInto(a, 'Before the outage');
  perch.sandbox.simulator.writeInto(b, 'Another visitor');
  await page.goto(perch.host.url);
  const timeline = page.locator('main.conversation .timeline');
  await page.locator(`[data-conversation-id="${a.id}"]`).click();
  await expect(timeline).toContainText('Before the outage');
  await page.locator(`[data-conversation-id="${b.id}"]`).click();
  await expect(page.locator('main.conversation')).not.toContainText('Before the outage');

  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, errorRate: 1, errorStatuses: [500] };
  await page.locator(`[data-conversation-id="${a.id}"]`).click();
  const line = page.locator('main.conversation [role="alert"]').filter({ hasText: 'Could not refresh' });
  await expect(line).toBeVisible();
  await expect(timeline).toContainText('Before the outage');
  await shoot(page, 'trial-could-not-refresh');

  // Retry once the server answers: the line goes, the messages stay, and what came meanwhile joins them.
  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, errorRate: 0 };
  perch.sandbox.simulator.writeInto(a, 'After the outage');
  await line.getByRole('button', { name: 'Retry' }).click();
  await expect(line).toHaveCount(0);
  await expect(timeline).toContainText('Before the outage');
  await expect(timeline).toContainText('After the outage');
});
