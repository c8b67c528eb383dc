import { isLead } from '../../src/sandbox/model';
import { expect, test } from './harness';
import { shoot } from './screens';

/** Perceived difference of two CSS colours (0..255 on the brightest channel). */
function contrast(a: string, b: string): number {
  const channels = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const [x, y] = [channels(a), channels(b)];
  return Math.max(...x.map((v, i) => Math.abs(v - (y[i] ?? 0))));
}

test('"Write" to a lead: a visible Send, and the message goes out from the application', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await page.getByRole('button', { name: 'Leads' }).click();
  const lead = [...perch.sandbox.store.users.values()].find((u) => u.appId === perch.appId && isLead(u))!;
  await page
    .getByRole('searchbox', { name: 'Search leads by name or email' })
    .fill(String(lead.props.$name ?? lead.props.$email ?? ''));
  const row = page.locator(`[data-lead-id="${lead.id}"]`);
  await row.getByRole('button', { name: 'Write' }).click();
  await row.getByRole('textbox', { name: 'First message to this visitor' }).fill('Hello from the agent');
  const send = row.getByRole('button', { name: 'Send' });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const { color, background } = await send.evaluate((el) => ({
      color: el.ownerDocument.defaultView!.getComputedStyle(el).color,
      background: el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor,
    }));
    expect(contrast(color, background), `${theme}: ${color} on ${background}`).toBeGreaterThan(100);
    await page.screenshot({ path: `test-results/leads-write-${theme}.png` });
  }
  // The narrow window still shows the button whole.
  await page.setViewportSize({ width: 820, height: 520 });
  await expect(send).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'leads-write');
  await send.click();
  await expect(page.locator('.timeline')).toContainText('Hello from the agent');
  const started = [...perch.sandbox.store.conversations.values()].find(
    (c) => c.userId === lead.id && c.parts[0]?.body === 'Hello from the agent',
  )!;
  // sendmessage takes no sender: the platform writes as the application's default sender.
  expect(started.parts[0]!.fromAdminId).toBe(perch.sandbox.store.apps.get(perch.appId)!.defaultAdminId);
});
