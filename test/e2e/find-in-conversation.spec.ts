import { auditScreen } from './support/audit';
import { expect, openConversation as pick, test } from './support/harness';

test.use({ viewport: { width: 820, height: 520 } });

/** How many matches are painted, and the text of the current one. */
const painted = (page: import('@playwright/test').Page) =>
  page.evaluate<{ others: number; current: string | null }>(`(() => {
    const all = CSS.highlights.get('find');
    const current = CSS.highlights.get('find-current');
    const range = current ? [...current][0] : undefined;
    return { others: all ? all.size : 0, current: range ? range.toString() : null };
  })()`);

test('find in the conversation: Ctrl+F, matches painted, Enter and Shift+Enter, "2 of 3", Escape gives focus back', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const c = pick(perch, (conversation) => !conversation.parts.some((p) => /parcel/i.test(p.body)));
  perch.sandbox.simulator.writeInto(c, 'My Parcel number is 1.');
  perch.sandbox.simulator.writeInto(c, 'Where is the parcel? Another parcel came yesterday.');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline .part.visitor').last()).toContainText('Another parcel');
  const box = page.getByRole('textbox', { name: 'Reply' });
  await box.click();

  await page.keyboard.press('Control+f');
  const find = page.getByRole('searchbox', { name: 'Find in this conversation' });
  await expect(find).toBeFocused();
  await find.fill('parcel');
  const count = page.locator('#find-count');
  const total = await page
    .locator('.timeline .bubble')
    .evaluateAll((bubbles) =>
      bubbles.map((b) => b.textContent!.toLowerCase().split('parcel').length - 1).reduce((a, b) => a + b, 0),
    );
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(count).toHaveText(`1 of ${total}`);
  await expect.poll(() => painted(page)).toEqual({ others: total - 1, current: 'Parcel' });
  await find.press('Enter');
  await expect(count).toHaveText(`2 of ${total}`);
  await find.press('Shift+Enter');
  await find.press('Shift+Enter');
  await expect(count).toHaveText(`${total} of ${total}`);
  await expect.poll(async () => (await painted(page)).current).toBe('parcel');
  await auditScreen(page, 'find-bar');

  await find.fill('no such words here');
  await expect(count).toHaveText('No matches');
  await expect.poll(() => painted(page)).toEqual({ others: 0, current: null });

  await find.press('Escape');
  await expect(find).toBeHidden();
  await expect(box).toBeFocused();
  await expect.poll(() => painted(page)).toEqual({ others: 0, current: null });
});
