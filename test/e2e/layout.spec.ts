import { sidewaysScroll } from './support/audit';
import { expect, openConversation, test } from './support/harness';
import { keepScreen } from './support/screens';

const NARROW = { width: 820, height: 520 };

test('at 820×520 the visitor panel is a drawer: a header button opens it, Escape closes it and focus comes back', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (conv) => Boolean(perch.sandbox.store.users.get(conv.userId)?.props.$email));
  const email = String(perch.sandbox.store.users.get(c.userId)!.props.$email);
  perch.sandbox.simulator.writeInto(c, 'Can someone look at my order?');
  await page.setViewportSize(NARROW);
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const panel = page.getByRole('complementary', { name: 'Visitor' });
  const toggle = page.getByRole('toolbar', { name: 'Conversation actions' }).getByRole('button', { name: 'Visitor' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(email);
  await expect(page.getByRole('button', { name: 'Close the visitor panel' })).toBeFocused();
  // The drawer lies inside the window.
  const box = (await page.locator('#visitor-drawer').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(NARROW.width);
  await keepScreen(page, 'test-results/visitor-drawer-narrow.png');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await page.getByRole('button', { name: 'Close the visitor panel' }).click();
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();

  // A click back in the conversation puts it away too.
  await toggle.click();
  await expect(panel).toBeVisible();
  await page.locator('.timeline').click({ position: { x: 12, y: 12 } });
  await expect(panel).toBeHidden();

  // Wide again: the panel stands beside the conversation and the button is gone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(panel).toBeVisible();
  await expect(toggle).toBeHidden();
});

test('at 820×520 nothing scrolls sideways, the conversation header keeps one row of actions and bubbles are readable', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (conv) => conv.assigneeId !== null && conv.assigneeId !== perch.adminId);
  const longWord = `https://example.com/${'very-long-path-'.repeat(12)}`;
  perch.sandbox.simulator.writeInto(
    c,
    `Please look at ${longWord} and tell me why the order is stuck in the warehouse since Monday.`,
  );
  await page.setViewportSize(NARROW);
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await page.getByRole('combobox', { name: 'Add tag' }).fill('a-tag-with-a-name-long-enough-to-push-the-header-wide');
  await page.getByRole('combobox', { name: 'Add tag' }).press('Enter');
  const bubble = page.locator('.part.visitor .bubble').filter({ hasText: 'stuck in the warehouse' });
  await expect(bubble).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  // Every header action on one row, inside the pane; here and where the visitor panel takes room at 1280.
  const oneRow = async () => {
    const actions = page.getByRole('toolbar', { name: 'Conversation actions' });
    const pane = (await page.locator('main.conversation').boundingBox())!;
    const tops = new Set<number>();
    for (const control of await actions
      .locator(
        ':scope > button:visible, :scope > .select:visible, :scope > select:visible, :scope > .head-overflow > button:visible, :scope > .head-overflow > .head-more > :visible',
      )
      .all()) {
      const b = (await control.boundingBox())!;
      tops.add(Math.round(b.y + b.height / 2));
      expect(b.x + b.width).toBeLessThanOrEqual(pane.x + pane.width);
    }
    expect(tops.size).toBe(1);
    return pane;
  };
  const pane = await oneRow();

  // A long message takes most of the column, not a sliver of it.
  const width = (await bubble.boundingBox())!.width;
  expect(width).toBeGreaterThan(pane.width * 0.7);

  // Assign to me stays in the row; the rarer actions folded behind More actions are all there.
  await expect(page.getByRole('button', { name: 'Assign to me' })).toBeVisible();
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'More actions' })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });
  await oneRow();
  await page.setViewportSize(NARROW);

  for (const name of ['Live visitors', 'Leads']) {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    expect(await sidewaysScroll(page), name).toBeLessThanOrEqual(0);
  }
});

test('the drop-downs are keyboard operable and keep their keys from the shortcuts', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  const rows = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
  await expect(rows.first()).toBeVisible();
  const theme = page.getByRole('combobox', { name: 'Theme' });
  await theme.focus();
  await page.keyboard.press('ArrowDown');
  await expect(theme).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('listbox', { name: 'Theme' }).getByRole('option')).toHaveText([
    'System theme',
    'Light',
    'Dark',
  ]);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(theme).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(20, 23, 28)');
  // Arrows on a drop-down never move through conversations; open, a letter goes to the option.
  await page.keyboard.press('ArrowDown');
  await expect(theme).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('l');
  await page.keyboard.press('Enter');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(246, 247, 249)');
  await expect(page.locator('[aria-selected="true"][data-conversation-id]')).toHaveCount(0);
  // Closed, a letter is never a quiet change of theme (it is the app's, trial-edges.spec.ts).
  await page.keyboard.press('d');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(246, 247, 249)');
  void perch;
});

test('4K: the workspace fills the screen, bubbles keep a readable line length, nothing scrolls sideways', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch);
  perch.sandbox.simulator.writeInto(c, 'A long message to measure. '.repeat(30));
  await page.setViewportSize({ width: 3840, height: 2160 });
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const bubble = page.locator('.part.visitor .bubble').filter({ hasText: 'A long message to measure.' }).last();
  await expect(bubble).toBeVisible();
  expect((await bubble.boundingBox())!.width).toBeLessThanOrEqual(720);
  await expect(page.getByRole('complementary', { name: 'Visitor' })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});

test('the logo in the sidebar, the favicon, and badges that say what they count', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.locator('.brand svg.logo')).toBeVisible();
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  const icon = await page.request.get(new URL(href!, page.url()).toString());
  expect(icon.headers()['content-type']).toBe('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
  const badge = page.locator('[data-view="open"] .badge');
  await expect(badge).toHaveAttribute('title', /^\d+ unread/);
  await expect(page.locator('[data-conversation-id] .badge').first()).toHaveAttribute('title', /^\d+ unread/);
  const channelBadge = page.locator('[data-channel] .badge').first();
  await expect(channelBadge).toHaveAttribute('title', /^\d+ (unread|not read|not assigned)/);
  void perch;
});
