import type { Page } from '@playwright/test';
import type { ConversationRecord } from '../../src/sandbox/model';
import { expect, openConversation, test, type Perch } from './support/harness';

/**
 * Nothing was asked of main before now: A (assign to me) goes the same way after the keys under
 * test, so once its assignment has landed, a close asked before it would be in the outbox.
 */
async function assignToMeAfterwards(page: Page, perch: Perch, c: ConversationRecord) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('a');
  await expect.poll(() => c.assigneeId).toBe(perch.adminId);
  expect(c.closed).toBe(false);
  expect(perch.workspace.outbox.list().filter((item) => item.action.kind !== 'assign')).toEqual([]);
}

test('the palette acts on keys, never on where a resting pointer happens to be', async ({ page, perch }) => {
  const c = openConversation(perch, (x) => x.assigneeId !== perch.adminId);
  perch.sandbox.simulator.writeInto(c, 'Pointer test');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Pointer test');
  const palette = page.getByRole('dialog', { name: 'Commands' });

  // The agent once pointed at "Close the conversation", then put the palette away.
  await page.keyboard.press('Control+k');
  const close = palette.getByRole('option', { name: /Close the conversation/ });
  const box = (await close.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(close).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  // The pointer rests where that command will appear: Ctrl+K, Enter runs the first command, not it.
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(close).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Reply' })).toBeFocused();
  await assignToMeAfterwards(page, perch, c);

  // A pointer that really moves still picks what it points at.
  await page.keyboard.press('Control+k');
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2);
  await expect(close).toHaveAttribute('aria-selected', 'true');
});

test('keys typed while the palette is still loading act on nothing behind it', async ({ page, perch }) => {
  const c = openConversation(perch, (x) => x.assigneeId !== perch.adminId);
  perch.sandbox.simulator.writeInto(c, 'Loading test');
  // A slow machine: the palette's code arrives a second and a half after Ctrl+K.
  await page.route('**/CommandPalette-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Loading test');
  await expect(page.getByRole('tab', { name: 'Reply' })).toHaveAttribute('aria-selected', 'true');
  await page.locator('.timeline').click();
  // "reopen" holds E (close and next), R (reply) and N (note): none may act while the palette loads.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('reopen');
  await expect(page.getByRole('dialog', { name: 'Commands' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tab', { name: 'Reply' })).toHaveAttribute('aria-selected', 'true');
  await assignToMeAfterwards(page, perch, c);
});
