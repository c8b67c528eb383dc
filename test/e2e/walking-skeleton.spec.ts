import { expect, test } from './support/harness';
import { visitor } from './support/people';
import { keepScreen } from './support/screens';

test('a visitor message reaches the inbox, the agent replies, the reply is on the server', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.locator('[data-health="ok"]')).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();

  // A visitor writes through the public API, as the site's widget would.
  const target = [...perch.sandbox.store.conversations.values()].find(
    (c) => c.appId === perch.appId && !c.closed && c.userReplies > 0 && c.assistantType === null,
  )!;
  const message = `Where is my parcel? ${Date.now()}`;
  await visitor.writes(perch, target, message);

  const row = page.locator(`[data-conversation-id="${target.id}"]`);
  await expect(row).toContainText(message);
  await expect(row.locator('.badge')).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toHaveAttribute(
    'data-conversation-id',
    String(target.id),
  );
  await keepScreen(page, 'test-results/inbox.png');
  expect(perch.notifier.shown.map((n) => n.conversationId)).toContain(target.id);

  await row.click();
  await expect(page.locator('.timeline')).toContainText(message);
  await expect(row.locator('.badge')).toHaveCount(0);

  const reply = 'It left our warehouse this morning — here is the tracking link.';
  await page.getByRole('textbox', { name: 'Reply' }).fill(reply);
  await page.getByRole('button', { name: 'Send' }).click();
  // A confirmed part, not the pending bubble the outbox shows meanwhile.
  await expect(page.locator('.timeline .part.admin:not(.pending)').last()).toContainText(reply);

  const stored = target.parts.at(-1)!;
  expect(stored).toMatchObject({ body: reply, type: 'reply_admin', fromAdminId: perch.adminId });
  expect(stored.randomId).toBeGreaterThan(0);
  await keepScreen(page, 'test-results/conversation.png');
});

test('hostile markup in a message body is shown as text, never run', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const target = [...perch.sandbox.store.conversations.values()].find(
    (c) => c.appId === perch.appId && !c.closed && c.userReplies > 0 && !c.assistantType,
  )!;
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>hello';
  perch.sandbox.simulator.writeInto(target, hostile);
  const row = page.locator(`[data-conversation-id="${target.id}"]`);
  await expect(row).toContainText('hello');
  await row.click();
  await expect(page.locator('.timeline')).toContainText('hello');
  expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('.timeline img, .timeline script').count()).toBe(0);
});

test('a notification click opens its conversation', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.locator('[data-health="ok"]')).toBeVisible();
  // A conversation nobody has unread yet, so the new message must raise the unassigned count.
  const target = [...perch.sandbox.store.conversations.values()].find(
    (c) =>
      c.appId === perch.appId &&
      !c.closed &&
      c.assigneeId === null &&
      c.userReplies > 0 &&
      !c.assistantType &&
      perch.workspace.inbox.row(c.id)?.unread === 0,
  )!;
  const before = perch.indicator.at(-1)!.totals.unassigned;
  perch.sandbox.simulator.writeInto(target, 'Hello, anyone?');
  await expect.poll(() => perch.notifier.shown.some((n) => n.conversationId === target.id)).toBe(true);
  // The tray's count (the status indicator) rose by this conversation.
  await expect.poll(() => perch.indicator.at(-1)!.totals.unassigned).toBe(before + 1);
  expect(perch.indicator.at(-1)!.health).toBe('ok');
  perch.workspace.notificationClicked(target.id);
  await expect(page.locator('.conversation-head h1')).toBeVisible();
  await expect(page.locator('.timeline')).toContainText('Hello, anyone?');
  await expect(page.locator(`[data-conversation-id="${target.id}"]`)).toHaveAttribute('aria-selected', 'true');
});
