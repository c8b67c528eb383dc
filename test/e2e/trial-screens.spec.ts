import { expect, test } from './harness';
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
