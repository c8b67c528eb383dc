import type { TypingEvent } from '../../src/sandbox/store';
import { expect, openConversation as anyOpen, test, type Perch } from './support/harness';
import { choose } from './support/select';
import { visitor } from './support/people';
import { keepScreen } from './support/screens';

/** An open conversation whose visitor has an email, for the visitor panel. */
const openConversation = (perch: Perch) =>
  anyOpen(perch, (c) => Boolean(perch.sandbox.store.users.get(c.userId)?.props.$email));

test('keyboard: next and previous conversation, reply, search and the help sheet', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const rows = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
  await expect(rows.nth(2)).toBeVisible();
  const ids = await rows.evaluateAll((els) => els.slice(0, 3).map((el) => el.getAttribute('data-conversation-id')));
  await page.keyboard.press('j');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('j');
  await expect(page.locator(`[data-conversation-id="${ids[1]}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('k');
  await expect(page.locator(`[data-conversation-id="${ids[0]}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('n');
  await expect(page.locator('.composer')).toHaveClass(/composer-note/);
  await expect(page.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await page.keyboard.type('j should type, not navigate');
  await expect(page.locator(`[data-conversation-id="${ids[0]}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeFocused();
  await page.keyboard.press('Escape');
  // A key typed while the search still has the focus is a letter in it, not a shortcut.
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).not.toBeFocused();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await keepScreen(page, 'test-results/help-sheet.png');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('search narrows the inbox to matching conversations', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'My order zq-4471 never arrived');
  await expect(page.locator(`[data-conversation-id="${c.id}"]`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('zq-4471');
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option')).toHaveAttribute(
    'data-conversation-id',
    String(c.id),
  );
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('no such thing anywhere');
  await expect(page.getByText('No conversation matches this search.')).toBeVisible();
});

// The platform publishes no typing: a visitor's typing reaches Perch only through the sandbox's own stream.
test.describe("with the sandbox's Realtime Services", () => {
  test.use({ realtimeStream: true });

  test('the visitor panel and typing in both directions', async ({ page, perch }) => {
    await page.goto(perch.host.url);
    const c = openConversation(perch);
    const user = perch.sandbox.store.users.get(c.userId)!;
    perch.sandbox.simulator.writeInto(c, 'Hello there');
    await page.locator(`[data-conversation-id="${c.id}"]`).click();
    const panel = page.getByRole('complementary', { name: 'Visitor' });
    await expect(panel).toContainText(String(user.props.$email));

    // The visitor types: the agent sees it live.
    await visitor.types(perch, c, 'Is the blue one');
    await expect(page.locator('.typing')).toContainText('typing: Is the blue one');

    // The agent types a reply: the visitor's side hears it, throttled.
    const typing: TypingEvent[] = [];
    const off = perch.sandbox.store.subscribe({
      part: () => {},
      conversation: () => {},
      typing: (e) => typing.push(e),
    });
    await page.getByRole('textbox', { name: 'Reply' }).pressSequentially('Yes, in stock', { delay: 20 });
    await expect.poll(() => typing.filter((e) => e.from === 'admin').length).toBeGreaterThan(0);
    off();
    expect(typing.filter((e) => e.from === 'admin').length).toBeLessThanOrEqual(2);
    expect(typing.find((e) => e.from === 'admin')).toMatchObject({
      adminId: perch.adminId,
      conversation: { id: c.id },
    });
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`main screens in the ${theme} theme`, async ({ page, perch }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(perch.host.url);
    await expect(page.locator('[data-health="ok"]')).toBeVisible();
    await keepScreen(page, `test-results/inbox-${theme}.png`);
    const c = openConversation(perch);
    perch.sandbox.simulator.writeInto(c, 'Could you check my order, please?');
    await page.locator(`[data-conversation-id="${c.id}"]`).click();
    await expect(page.getByRole('complementary', { name: 'Visitor' })).toContainText('@');
    await expect(page.locator('body')).toHaveCSS(
      'background-color',
      theme === 'dark' ? 'rgb(20, 23, 28)' : 'rgb(246, 247, 249)',
    );
    await keepScreen(page, `test-results/conversation-${theme}.png`);
  });
}

test('Russian follows the browser language', async ({ browser, perch }) => {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await page.goto(perch.host.url);
  await expect(page.getByRole('button', { name: /Все открытые/ })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Поиск по диалогам' })).toBeVisible();
  await keepScreen(page, 'test-results/inbox-ru.png');
  await context.close();
});

test('language and theme can be switched, and stay switched', async ({ page, perch }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(perch.host.url);
  await choose(page.getByRole('combobox', { name: 'Theme' }), 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 23, 28)');
  await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
  await expect(page.getByRole('button', { name: /Все открытые/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /Все открытые/ })).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 23, 28)');
  await choose(page.getByRole('combobox', { name: 'Тема' }), 'system');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(246, 247, 249)');
  void perch;
});
