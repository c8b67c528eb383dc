import { auditScreen } from './support/audit';
import { expect, test } from './support/harness';
import { keepScreen } from './support/screens';

test('an account that cannot sync is a banner at the top; a failing reply says its attempt; Try now tries at once; the return of the server ends it', async ({
  page,
  perch,
}) => {
  const [a, b] = [...perch.sandbox.store.conversations.values()]
    .filter(
      (x) =>
        x.appId === perch.appId &&
        !x.closed &&
        x.userReplies > 0 &&
        !x.assistantType &&
        x.userId !== null &&
        (x.assigneeId === null || x.assigneeId === perch.adminId),
    )
    .slice(0, 2);
  perch.sandbox.simulator.writeInto(a!, 'Before the outage');
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${a!.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Before the outage');
  const banner = page.getByRole('region', { name: 'Sync trouble' });
  await expect(banner).toHaveCount(0);

  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, dropRate: 1 };
  // Where the agent looks, in a sentence: which account, since when, why, and when Perch tries again.
  await expect(banner).toBeVisible();
  await expect(banner).toBeInViewport({ ratio: 1 });
  await expect(banner).toContainText(/has not synced since \d{1,2}:\d{2}.*: Perch cannot reach the server\./);
  await expect(banner).toContainText(/Next try in \d+ seconds?\.|Trying now…/);

  // A reply sent meanwhile says which attempt failed, why and when the next is, with Try now.
  await page.getByRole('textbox', { name: 'Reply' }).fill('Are you still there?');
  await page.getByRole('textbox', { name: 'Reply' }).press('Control+Enter');
  const pending = page.locator('.part.pending').filter({ hasText: 'Are you still there?' });
  await expect(pending).toContainText(/Sending failed, attempt \d+\. Perch cannot reach the server\./);
  await expect(pending.getByRole('button', { name: 'Try now' })).toBeVisible();
  await expect(banner).toContainText('1 action waits to be sent.');
  await expect(page.locator('body')).not.toContainText('UND_ERR');

  await auditScreen(page, 'trouble-banner');
  await page.setViewportSize({ width: 820, height: 520 });
  for (const locale of ['en', 'ru'] as const)
    for (const theme of ['light', 'dark'] as const) {
      await perch.accounts.handlers['settings:update']({ locale, theme });
      await expect(page.getByRole('combobox', { name: locale === 'en' ? 'Language' : 'Язык' })).toHaveAttribute(
        'data-value',
        locale,
      );
      if (locale === 'ru')
        await expect(page.locator('[data-trouble-banner]')).toContainText('Perch не может связаться с сервером');
      await pending.scrollIntoViewIfNeeded();
      await keepScreen(page, `/tmp/h-trouble-banner-${locale}-${theme}.png`);
    }
  await perch.accounts.handlers['settings:update']({ locale: 'en', theme: 'light' });

  // Try now tries at once. Clicked while Perch's own next tries (the inbox's and the reply's)
  // are seconds away, the reply's next attempt follows the click, not the schedule.
  const secondsAway = /Next try in ([3-9]|\d{2,}) seconds\./;
  await expect(async () => {
    await expect(banner).toContainText(secondsAway, { timeout: 200 });
    await expect(pending).toContainText(secondsAway, { timeout: 200 });
  }).toPass({ timeout: 30_000 });
  const attempt = Number(/attempt (\d+)/.exec(await pending.innerText())?.[1]);
  await banner.getByRole('button', { name: 'Try now' }).click();
  await expect(pending).toContainText(`attempt ${attempt + 1}`, { timeout: 2500 });

  // The server is back and a visitor writes: the first answer ends the backoff, the account is
  // current within seconds and the waiting reply lands, once.
  perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, dropRate: 0 };
  perch.sandbox.simulator.writeInto(b!, 'Back again');
  const started = Date.now();
  await expect(banner).toHaveCount(0, { timeout: 3000 });
  await expect(page.getByRole('status').filter({ hasText: 'Up to date' })).toBeVisible({ timeout: 3000 });
  await expect(pending).toHaveCount(0, { timeout: 3000 });
  await expect.poll(() => perch.notifier.shown.some((n) => n.conversationId === b!.id), { timeout: 3000 }).toBe(true);
  console.log(`trouble-banner: from the server's return to current: ${Date.now() - started} ms`);
  expect(a!.parts.filter((p) => p.body === 'Are you still there?')).toHaveLength(1);
});
