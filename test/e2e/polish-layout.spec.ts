import type { Locator } from '@playwright/test';
import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/polish-shots';

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the list grows with a big window, within bounds', async ({ page, perch }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(perch.host.url);
  const inbox = page.locator('section.inbox');
  await expect(inbox).toBeVisible();
  expect((await box(inbox)).width).toBeGreaterThan(420);
  await page.setViewportSize({ width: 3840, height: 2160 });
  await expect.poll(async () => (await box(inbox)).width).toBeLessThanOrEqual(560);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => (await box(inbox)).width).toBeLessThanOrEqual(360);
});

test('the header keeps its actions in one place from conversation to conversation', async ({ page, perch }) => {
  const named = openConversation(perch, (c) => perch.sandbox.store.users.get(c.userId)?.props.$name !== undefined);
  const unnamed = openConversation(perch, (c) => !perch.sandbox.store.users.get(c.userId)?.props.$name);
  const assigned = openConversation(
    perch,
    (c) => c.assigneeId !== null && c.assigneeId !== perch.adminId && c.id !== named.id && c.id !== unnamed.id,
  );
  for (const c of [named, unnamed, assigned]) perch.sandbox.simulator.writeInto(c, 'Hello there');
  await page.goto(perch.host.url);
  const toolbar = page.getByRole('toolbar', { name: /Conversation actions|Действия с диалогом/ });
  for (const locale of ['en', 'ru'] as const) {
    await perch.settings.update((s) => ({ ...s, locale }));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const tops = new Set<number>();
    for (const c of [named, unnamed, assigned]) {
      await page.locator(`[data-conversation-id="${c.id}"]`).click();
      await expect(page.locator('.conversation-head h1')).not.toHaveText('');
      await expect(page.locator('.conversation-meta [data-assignee]')).toBeVisible();
      tops.add(Math.round((await box(toolbar)).y));
    }
    expect([...tops], locale).toHaveLength(1);
  }
  await perch.settings.update((s) => ({ ...s, locale: 'en' }));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await shoot(page, perch, 'header-1920');
  await page.setViewportSize({ width: 820, height: 520 });
  await shoot(page, perch, 'header-820');
});

test('"3 new" leaves the rows readable; a long property label keeps apart from its value; the empty pane hints J/K and ?', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch);
  const user = perch.sandbox.store.users.get(c.userId)!;
  const label = 'subscription_plan_chosen_at_the_last_checkout_step';
  user.propsCustom[label] = 'Premium';
  await page.goto(perch.host.url);
  await expect(page.locator('.conversation.empty')).toContainText('J');
  await expect(page.locator('.conversation.empty [data-empty-hint]')).toHaveText(
    'J and K move through the conversations; ? shows every shortcut.',
  );
  await shoot(page, perch, 'empty-pane');

  // Scrolled down, a visitor writes in a conversation further down: "1 new" shows, over no row's name.
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await list.evaluate((el) => el.scrollTo({ top: 300 }));
  const last = perch.workspace.inbox
    .snapshot()
    .rows.filter((r) => !r.closed)
    .at(-1)!;
  perch.sandbox.simulator.writeInto(perch.sandbox.store.conversations.get(last.id)!, 'Anyone?');
  const pill = page.getByRole('button', { name: '1 new' });
  await expect(pill).toBeVisible();
  const pillBox = await box(pill);
  // Every name the list shows (rows scrolled out of it are drawn, but not seen).
  const names = await list.evaluate((el) => {
    const seen = el.getBoundingClientRect();
    return [...el.querySelectorAll('.row .name')]
      .map((name) => name.getBoundingClientRect())
      .filter((r) => r.bottom > seen.top && r.top < seen.bottom)
      .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
  expect(names.length).toBeGreaterThan(2);
  for (const name of names) expect(overlap(pillBox, name), JSON.stringify({ pillBox, name })).toBe(false);
  await shoot(page, perch, 'new-above');
  await pill.click();

  // The visitor panel: the long label ends apart from its value, and says itself in full on hover.
  perch.sandbox.simulator.writeInto(c, 'Hi');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const entry = page.locator('.visitor-panel .props div').filter({ hasText: 'Premium' });
  await expect(entry).toBeVisible();
  await expect(entry.locator('dt')).toHaveAttribute('title', label);
  await apartFromValue(entry);
  await perch.settings.update((s) => ({ ...s, locale: 'ru' }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const seen = page.locator('.visitor-panel .props div').filter({ hasText: 'Был(а) на сайте' });
  await apartFromValue(seen);
  await shoot(page, perch, 'visitor-panel');
});

async function apartFromValue(entry: Locator) {
  const dt = await box(entry.locator('dt'));
  const dd = await box(entry.locator('dd'));
  // Ends before its value begins (or sits above it); never runs into it.
  const apart = dt.x + dt.width + 6 <= dd.x || dt.y + dt.height <= dd.y;
  expect(apart, JSON.stringify({ dt, dd })).toBe(true);
  // The label's text stays inside its box: cut with an ellipsis, not spilling over the value.
  const spills = await entry.locator('dt').evaluate((el) => {
    const style = el.ownerDocument.defaultView!.getComputedStyle(el);
    return el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis' && style.overflow === 'visible';
  });
  expect(spills).toBe(false);
}
