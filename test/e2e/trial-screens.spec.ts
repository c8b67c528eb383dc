import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/screens';
import { choose } from './support/select';

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

test('quiet hours leave a sign until when they end, and Notify anyway ends them for tonight', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  await expect(page.locator('[data-health="ok"]')).toBeVisible();
  const sign = page.getByRole('status').filter({ hasText: 'Quiet until' });
  await expect(sign).toHaveCount(0);
  // A quiet span around this minute, ending in two hours.
  const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  const end = new Date(Date.now() + 2 * 3600_000);
  const endText = hhmm(end)
    .replace(/^0/, '')
    .replace(
      /^(\d+):(\d+)$/,
      (_, h: string, m: string) => `${Number(h) % 12 || 12}:${m}\\s${Number(h) < 12 ? 'AM' : 'PM'}`,
    );
  await perch.accounts.handlers['settings:update']({
    quietHours: { enabled: true, start: hhmm(new Date(Date.now() - 3600_000)), end: hhmm(end) },
  });
  await expect(sign).toContainText(new RegExp(`Quiet until ${endText}`));
  await shoot(page, 'trial-quiet-sign');
  await perch.accounts.handlers['settings:update']({ locale: 'ru' });
  await expect(page.getByRole('status').filter({ hasText: /Тихие часы до \d/ })).toContainText('Всё равно уведомлять');
  await perch.accounts.handlers['settings:update']({ locale: 'en' });

  // Held back meanwhile, as Diagnostics says.
  const waiting = openConversation(perch, (c) => c.assigneeId === null);
  perch.sandbox.simulator.writeInto(waiting, 'Anyone awake?');
  await expect
    .poll(
      async () =>
        (await perch.accounts.handlers['alerts:get']()).record.find((e) => e.conversationId === waiting.id)?.reason,
    )
    .toBe('quiet-hours');
  expect(perch.notifier.shown.map((n) => n.conversationId)).not.toContain(waiting.id);

  // Notify anyway: the sign goes and notifications come again tonight; the quiet hours stay for the nights after.
  await sign.getByRole('button', { name: 'Notify anyway' }).click();
  await expect(sign).toHaveCount(0);
  expect(perch.settings.get().notifications.quietHours.enabled).toBe(true);
  perch.sandbox.simulator.writeInto(waiting, 'Still there?');
  await expect.poll(() => perch.notifier.shown.map((n) => n.conversationId)).toContain(waiting.id);
});

test.describe(() => {
  // Long enough that the notice is still there whatever the machine's pace.
  test.use({ undoWindowMs: 120_000 });

  test('assigning to a colleague shows one state while Undo is possible: the notice, the header and the row say "Assigning to…"', async ({
    page,
    perch,
  }) => {
    const c = openConversation(perch, (x) => x.assigneeId === null);
    const colleague = [...perch.sandbox.store.admins.values()].find(
      (a) => a.appId === perch.appId && a.id !== perch.adminId && a.type !== 'bot',
    )!;
    perch.sandbox.simulator.writeInto(c, 'Who can help me?');
    await page.goto(perch.host.url);
    const row = page.locator(`[data-conversation-id="${c.id}"]`);
    await row.click();
    const header = page.locator('.conversation-head [data-assignee]');
    await expect(header).toHaveText('Not assigned');
    await expect(row.locator('.assignee')).toHaveText('Unassigned');

    await choose(page.getByRole('combobox', { name: 'Assign to' }), colleague.id);
    const notice = page.locator('[data-undo="assign"]');
    await expect(notice).toHaveText(`Assigning to ${colleague.name}…Undo`);
    await expect(header).toHaveText(`Assigning to ${colleague.name}…`);
    await expect(row.locator('.assignee')).toHaveText(colleague.name);
    await expect(row.locator('.assignee')).toHaveAttribute('title', `Assigning to ${colleague.name}…`);
    expect(c.assigneeId).toBeNull();
    await shoot(page, 'trial-assigning');
    await perch.accounts.handlers['settings:update']({ locale: 'ru' });
    await expect(notice).toContainText(`Назначаем: ${colleague.name}…`);
    await expect(header).toHaveText(`Назначаем: ${colleague.name}…`);
    await perch.accounts.handlers['settings:update']({ locale: 'en' });

    // Undo: everything says what the server still has.
    await notice.getByRole('button', { name: /^Undo assigning/ }).click();
    await expect(notice).toHaveCount(0);
    await expect(header).toHaveText('Not assigned');
    await expect(row.locator('.assignee')).toHaveText('Unassigned');
  });
});

test('in Russian the filter of visitors waiting long and the Snoozed view read apart', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await perch.accounts.handlers['settings:update']({ locale: 'ru' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const filter = page.getByRole('button', { name: 'Ждут больше 5 мин' });
  await expect(filter).toBeVisible();
  await expect(filter).toHaveAttribute('title', 'Посетитель ждёт ответа дольше 5 минут');
  await expect(page.getByRole('button', { name: 'Отсроченные' })).toBeVisible();
  await expect(page.getByText('Отложенные')).toHaveCount(0);
  await shoot(page, 'trial-russian-filters');
});

test('a snoozed row says when it wakes, not how long the visitor has waited', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const waiting = page
    .locator('[data-conversation-id]')
    .filter({ has: page.locator('.waiting') })
    .first();
  await expect(waiting).toBeVisible();
  const id = (await waiting.getAttribute('data-conversation-id'))!;
  await perch.workspace.handlers['conversation:snooze'](id, Date.now() + 3 * 3600_000, '', null);
  await page.getByRole('button', { name: /^Snoozed/ }).click();
  const row = page.locator(`[data-conversation-id="${id}"]`);
  await expect(row.locator('[data-snoozed-until]')).toHaveText(/^until /);
  await expect(row.locator('.waiting')).toHaveCount(0);
  await expect(row).not.toContainText('waiting');
  // In waiting order too, where every wait is shown.
  await choose(page.getByRole('combobox', { name: 'Sort' }), 'oldest-waiting');
  await expect(row.locator('[data-snoozed-until]')).toBeVisible();
  await expect(row.locator('.waiting')).toHaveCount(0);
  await shoot(page, 'trial-snoozed-row');
});
