import { expect, test } from './support/harness';

test('assign to me, tag and close from the conversation header', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = [...perch.sandbox.store.conversations.values()].find(
    (x) =>
      x.appId === perch.appId &&
      !x.closed &&
      x.assigneeId === null &&
      x.userReplies > 0 &&
      !x.assistantType &&
      x.tags.length === 0,
  )!;
  perch.sandbox.simulator.writeInto(c, 'Can someone help?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Can someone help?');

  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.locator('[data-assignee]')).toContainText('Assigned to');
  expect(c.assigneeId).toBe(perch.adminId);

  await page.getByRole('combobox', { name: 'Add tag' }).fill('vip');
  await page.getByRole('combobox', { name: 'Add tag' }).press('Enter');
  await expect(page.locator('.conversation-head .tag')).toContainText('vip');
  expect(c.tags).toEqual(['vip']);

  // Removing a tag and closing both wait for their undo window: the two windows run together.
  await page.getByRole('button', { name: 'Remove tag vip' }).click();
  await expect(page.locator('.conversation-head .tag')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('.conversation-head .chip')).toHaveText('Closed');
  expect(c.tags).toEqual([]);
  expect(c.closed).toBe(true);
  await expect(page.locator('.timeline .part.system').last()).toContainText('closed the conversation');
  await page.getByRole('button', { name: 'Closed' }).click();
  await expect(page.locator(`[data-conversation-id="${c.id}"]`)).toBeVisible();
});

test('a reply survives a failing server: shown pending, retried, landed exactly once', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = [...perch.sandbox.store.conversations.values()].find(
    (x) => x.appId === perch.appId && !x.closed && x.userReplies > 0 && !x.assistantType,
  )!;
  perch.sandbox.simulator.writeInto(c, 'Hello?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Hello?');
  const setFaults = (f: Partial<typeof perch.sandbox.faults.settings>) =>
    (perch.sandbox.faults.settings = { ...perch.sandbox.faults.settings, ...f });

  // The server answers 503 to everything: nothing lands, the reply waits visibly.
  setFaults({ errorRate: 1, errorStatuses: [503], retryAfterSeconds: 1 });
  const first = 'Sorry for the wait, checking now.';
  await page.getByRole('textbox', { name: 'Reply' }).fill(first);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveValue('');
  await expect(page.locator('.part.pending')).toContainText(first);
  await expect(page.locator('.part.pending')).toContainText('Sending');
  setFaults({ errorRate: 0 });
  await expect(page.locator('.part.pending')).toHaveCount(0);
  await expect(page.locator('.timeline .part.admin:not(.pending)', { hasText: first })).toHaveCount(1);

  // The server stores the next reply but the answer is lost: it must not be sent twice.
  setFaults({ commitThenDropRate: 1 });
  const second = 'Found it: the parcel is in Prague.';
  await page.getByRole('textbox', { name: 'Reply' }).fill(second);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => c.parts.filter((p) => p.body === second).length).toBe(1);
  setFaults({ commitThenDropRate: 0 });
  perch.workspace.outbox.resume();
  await expect.poll(() => perch.workspace.outbox.list().length).toBe(0);
  await expect(page.locator('.timeline .part.admin:not(.pending)', { hasText: second })).toHaveCount(1);
  await expect(page.locator('.part.pending')).toHaveCount(0);
  expect(c.parts.filter((p) => p.body === first || p.body === second)).toHaveLength(2);
});

test('a reply the server refuses is kept with retry and discard', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = [...perch.sandbox.store.conversations.values()].find(
    (x) => x.appId === perch.appId && !x.closed && x.userReplies > 0 && !x.assistantType,
  )!;
  perch.sandbox.simulator.writeInto(c, 'Still there?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  // The admin leaves the application mid-shift: the server refuses the sender for good.
  const admin = perch.sandbox.store.admins.get(perch.adminId)!;
  admin.appId = 'none';
  await page.getByRole('textbox', { name: 'Reply' }).fill('This will not go through');
  await page.getByRole('button', { name: 'Send' }).click();
  const failed = page.locator('.part.failed');
  await expect(failed).toContainText('not an administrator');
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  admin.appId = perch.appId;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('.part.pending')).toHaveCount(0);
  await expect(page.locator('.timeline .part.admin:not(.pending)').last()).toContainText('This will not go through');
});
