import type { Page } from '@playwright/test';
import { auditScreen } from './support/audit';
import { expect, openConversation, test, type Perch } from './support/harness';
import { colleague } from './support/people';

const row = (page: Page, id: string) => page.locator(`[data-conversation-id="${id}"]`);

/** An open, unassigned conversation with a fresh visitor message, open on screen. */
async function openOne(page: Page, perch: Perch, body: string) {
  const c = openConversation(perch, (x) => x.assigneeId === null);
  await page.goto(perch.host.url);
  perch.sandbox.simulator.writeInto(c, body);
  await row(page, c.id).click();
  await expect(row(page, c.id)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.timeline')).toContainText(body);
  return c;
}

const bodiesIn = (perch: Perch, conversationId: string, body: string) =>
  perch.sandbox.store.conversations.get(conversationId)!.parts.filter((p) => p.body === body).length;

test('Z snoozes into the Snoozed view; the visitor writing brings it back', async ({ page, perch }) => {
  const c = await openOne(page, perch, 'I will come back to this later');
  await page.locator('.timeline').click();
  await page.keyboard.press('z');
  const menu = page.getByRole('dialog', { name: 'Snooze this conversation' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: /In an hour/ })).toBeFocused();
  await auditScreen(page, 'snooze-menu');
  await menu.getByRole('button', { name: /In an hour/ }).click();
  await expect(menu).toBeHidden();
  await expect(page.locator('[data-snoozed]')).toContainText('Snoozed until');
  // The Snooze button hid with the choice: the focus is on Unsnooze, not lost to the page.
  await expect(page.getByRole('button', { name: 'Unsnooze' })).toBeFocused();
  await expect.poll(() => perch.workspace.snoozes.list().map((s) => s.conversationId)).toEqual([c.id]);

  // Gone from the open views, listed under Snoozed.
  await page.getByRole('button', { name: /^All open/ }).click();
  await expect(row(page, c.id)).toHaveCount(0);
  await page.getByRole('button', { name: /^Snoozed/ }).click();
  await expect(row(page, c.id)).toBeVisible();
  // The row says until when: in an hour is the clock time (a weekday too if that is past midnight).
  const wake = new Date(perch.workspace.snoozes.get(c.id)!.until);
  const clock = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' }).format(wake);
  await expect(row(page, c.id).locator('[data-snoozed-until]')).toHaveText(
    new RegExp(`^until ([A-Z][a-z]{2} )?${clock}$`),
  );
  await row(page, c.id).click();
  await auditScreen(page, 'snoozed-view');

  // Unsnooze and snooze again: the focus goes to the control that takes the hidden one's place.
  await page.getByRole('button', { name: 'Unsnooze' }).click();
  await expect(page.locator('[data-snooze-open]')).toBeFocused();
  await page.keyboard.press('z');
  await page
    .getByRole('dialog', { name: 'Snooze this conversation' })
    .getByRole('button', { name: /In an hour/ })
    .click();
  await expect(page.getByRole('button', { name: 'Unsnooze' })).toBeFocused();

  perch.sandbox.simulator.writeInto(c, 'Actually, one more question');
  await expect(row(page, c.id)).toHaveCount(0);
  await expect(page.locator('[data-reminder]')).toContainText('The visitor wrote');
  await page.getByRole('button', { name: /^All open/ }).click();
  await expect(row(page, c.id)).toBeVisible();
  expect(perch.workspace.snoozes.list()).toEqual([]);
});

test('a reminder comes back at its time with its note, and a notification', async ({ page, perch }) => {
  const c = await openOne(page, perch, 'Please call me tomorrow');
  await page.locator('[data-snooze-open]').click();
  const menu = page.getByRole('dialog', { name: 'Snooze this conversation' });
  await menu.getByRole('textbox', { name: 'Reminder note (optional)' }).fill('Call back about the refund');
  await menu.getByRole('button', { name: /Tomorrow morning/ }).click();
  // While it sleeps, the note is said with the time it wakes.
  await expect(page.locator('[data-snoozed]')).toContainText('Call back about the refund');
  const snooze = perch.workspace.snoozes.get(c.id)!;
  expect(snooze.note).toBe('Call back about the refund');
  // Brought forward to a moment from now, as if the morning had come.
  await perch.workspace.snoozes.snooze(c.id, Date.now() + 1500, snooze.note);
  await expect(page.locator('[data-reminder]')).toContainText('Reminder: Call back about the refund');
  await expect
    .poll(() => perch.notifier.shown.find((n) => n.conversationId === c.id)?.body)
    .toBe('Call back about the refund');
});

test('a colleague replies while the agent writes: Send shows it first, Send anyway sends once', async ({
  page,
  perch,
}) => {
  const c = await openOne(page, perch, 'Is the blue one in stock?');
  const composer = page.getByRole('textbox', { name: 'Reply' });
  await composer.fill('Let me check the warehouse');
  const them = await colleague.replies(perch, c.id, 'Yes, two left in blue!');

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const guard = page.getByRole('alertdialog', { name: 'New message since you started writing' });
  await expect(guard).toBeVisible();
  await expect(guard).toContainText('Yes, two left in blue!');
  await expect(guard).toContainText(`From ${them.name}`);
  await expect(guard.getByRole('button', { name: 'Review' })).toBeFocused();
  await auditScreen(page, 'stale-guard');

  // Review keeps the draft and sends nothing.
  await guard.getByRole('button', { name: 'Review' }).click();
  await expect(guard).toBeHidden();
  await expect(composer).toHaveValue('Let me check the warehouse');
  await expect(composer).toBeFocused();
  await expect(page.locator('.timeline')).toContainText('Yes, two left in blue!');
  expect(bodiesIn(perch, c.id, 'Let me check the warehouse')).toBe(0);
  // The draft says it was written before what came in, until the agent changes it.
  const older = page.locator('[data-draft-older]');
  await expect(older).toContainText('Your reply was written before the message of');
  await composer.press('End');
  await composer.pressSequentially(' now');
  await expect(older).toHaveCount(0);

  // Another message after the review asks again; Send anyway sends the reply once.
  perch.sandbox.simulator.writeInto(c, 'Hello? Anyone there?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(composer).toHaveValue('Let me check the warehouse now');
  await expect(guard).toContainText('Hello? Anyone there?');
  await expect(guard).not.toContainText('Yes, two left in blue!');
  await guard.getByRole('button', { name: 'Send anyway' }).click();
  await expect(guard).toBeHidden();
  await expect(composer).toHaveValue('');
  await expect.poll(() => bodiesIn(perch, c.id, 'Let me check the warehouse now')).toBe(1);
  await expect(page.locator('.timeline')).toContainText('Let me check the warehouse now');
  expect(bodiesIn(perch, c.id, 'Let me check the warehouse now')).toBe(1);
});

test('with nothing new since the agent began writing, the reply goes without asking', async ({ page, perch }) => {
  const c = await openOne(page, perch, 'Thanks for the quick answer');
  await page.getByRole('textbox', { name: 'Reply' }).fill('You are welcome');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => bodiesIn(perch, c.id, 'You are welcome')).toBe(1);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test("the visitor panel lists the visitor's other conversations, newest first, each opening in Perch", async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (x) => x.assigneeId === null && x.userId !== null);
  // Two more conversations with the same visitor, started from the admin side.
  const older = (await perch.workspace.handlers['visitor:message'](c.userId, 'Your order has shipped'))!;
  const newer = (await perch.workspace.handlers['visitor:message'](c.userId, 'Your parcel was delivered'))!;
  await page.goto(perch.host.url);
  perch.sandbox.simulator.writeInto(c, 'One more question about the warranty');
  await row(page, c.id).click();
  const history = page.getByRole('region', { name: 'Other conversations' });
  const items = history.locator('[data-history-id]');
  await expect(items.first()).toBeVisible();
  const ids = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-history-id')));
  expect(ids).not.toContain(c.id);
  expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
  expect(ids.indexOf(older)).toBeGreaterThanOrEqual(0);
  await auditScreen(page, 'visitor-history', 'wide');

  await history.locator(`[data-history-id="${older}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Your order has shipped');
  await expect(history.locator(`[data-history-id="${c.id}"]`)).toBeVisible();
});

test('in Russian: the snooze menu, the Snoozed view and the guard', async ({ page, perch }) => {
  await perch.accounts.handlers['settings:update']({ locale: 'ru' });
  const c = await openOne(page, perch, 'Когда будет доставка?');
  await page.locator('[data-snooze-open]').click();
  const menu = page.getByRole('dialog', { name: 'Отсрочить диалог' });
  await expect(menu.getByRole('button', { name: /Через час/ })).toBeFocused();
  await auditScreen(page, 'snooze-menu-ru');
  await menu.getByRole('button', { name: /Завтра утром/ }).click();
  await expect(page.locator('[data-snoozed]')).toContainText('Отсрочен до');
  await page.getByRole('button', { name: /^Отсроченные/ }).click();
  await expect(row(page, c.id)).toBeVisible();
  // Tomorrow morning: the row names the day and the 24-hour time, "до пт 09:00".
  const wake = new Date(perch.workspace.snoozes.get(c.id)!.until);
  const day = new Intl.DateTimeFormat('ru', { weekday: 'short' }).format(wake);
  await expect(row(page, c.id).locator('[data-snoozed-until]')).toHaveText(`до ${day} 09:00`);
  await auditScreen(page, 'snoozed-view-ru');

  await page.locator('[data-snoozed]').getByRole('button', { name: 'Вернуть' }).click();
  await expect(row(page, c.id)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Ответ' }).fill('Проверю и напишу');
  perch.sandbox.simulator.writeInto(c, 'Алло, вы здесь?');
  await page.getByRole('button', { name: 'Отправить', exact: true }).click();
  const guard = page.getByRole('alertdialog', { name: 'Новое сообщение, пока вы писали' });
  await expect(guard).toContainText('Алло, вы здесь?');
  await expect(guard).toContainText('От посетителя');
  await auditScreen(page, 'stale-guard-ru');
  await guard.getByRole('button', { name: 'Просмотреть' }).click();
  await expect(page.getByRole('textbox', { name: 'Ответ' })).toHaveValue('Проверю и напишу');
});

test.describe('with realtime', () => {
  test.use({ realtimeStream: true });

  test('a colleague typing in the open conversation is shown where realtime says so', async ({ page, perch }) => {
    const c = await openOne(page, perch, 'Can someone help me?');
    await expect(page.locator('[data-colleague-typing]')).toHaveCount(0);
    const typing = await colleague.types(perch, c.id, 'Hello');
    await expect(page.locator('[data-colleague-typing]')).toHaveText(`${typing.name} is typing in this conversation`);
  });
});
