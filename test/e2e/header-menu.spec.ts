import { expect, openConversation, test } from './support/harness';

const NARROW = { width: 820, height: 520 };

test('the header’s More actions menu closes when an action is chosen, by pointer or keyboard, and gives the focus back', async ({
  page,
  perch,
}) => {
  // Assigned to a colleague: Assign to, Unassign and Copy link fold behind More actions; Assign to me stays.
  const c = openConversation(perch, (conv) => conv.assigneeId !== null && conv.assigneeId !== perch.adminId);
  const other = [...perch.sandbox.store.admins.values()].find(
    (a) => a.appId === perch.appId && a.id !== perch.adminId && a.id !== c.assigneeId && a.type !== 'bot',
  )!;
  perch.sandbox.simulator.writeInto(c, 'Who is looking at my order?');
  // The clipboard API refused, as a browser without the permission refuses it: Copy link falls back
  // to a selected text area, which takes the focus and must give it back.
  await page.addInitScript(() => {
    const page = globalThis as unknown as { navigator: { clipboard: { writeText(): Promise<void> } } };
    page.navigator.clipboard.writeText = () => Promise.reject(new Error('NotAllowedError'));
  });
  await page.setViewportSize(NARROW);
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Who is looking at my order?');

  const more = page.getByRole('button', { name: 'More actions' });
  const assignTo = page.getByRole('combobox', { name: 'Assign to' });
  await expect(more).toBeVisible();
  await expect(assignTo).toBeHidden();

  // Assign to… by pointer: opening its list keeps the menu; choosing a colleague closes it.
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await assignTo.click();
  await expect(page.getByRole('listbox', { name: 'Assign to' })).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('listbox', { name: 'Assign to' }).locator(`[data-value="${other.id}"]`).click();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(assignTo).toBeHidden();
  await expect(more).toBeFocused();
  await expect(page.locator('[data-assignee]')).toContainText(other.name);

  // By keyboard: Enter on the More button, Tab into Assign to, pick with the arrows and Enter.
  await more.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await assignTo.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Assign to' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(assignTo).toBeHidden();
  await expect(more).toBeFocused();

  // A plain action (Copy link) closes it too, and the focus returns to More actions rather than being lost.
  await more.click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  await expect(more).toBeFocused();

  // The arrows step through the actions; tabbing out of the list closes it.
  await more.press('Enter');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'Copy link' })).not.toBeFocused();
  await page.getByRole('button', { name: 'Copy link' }).focus();
  await page.keyboard.press('Tab');
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it without choosing, the focus back on More actions.
  await more.click();
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toBeFocused();

  // Assign to me, the frequent action, stays in the row; it changes which actions there are: the
  // focus stays among the header's actions, never lost to the page.
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.locator('[data-assignee]')).toContainText('Assigned to you');
  await expect(page.locator('.head-more.open')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate<boolean>(`document.activeElement?.closest('.conversation-head .head-actions') != null`))
    .toBe(true);
});

test('in a wide window the header’s actions show whole or fold, never cut short', async ({ page, perch }) => {
  const c = openConversation(perch, (conv) => conv.assigneeId !== null && conv.assigneeId !== perch.adminId);
  perch.sandbox.simulator.writeInto(c, 'Is anyone there?');
  for (const width of [1280, 1100, 1000]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(perch.host.url);
    await page.locator(`[data-conversation-id="${c.id}"]`).click();
    await expect(page.locator('.timeline')).toContainText('Is anyone there?');
    const cut = await page.evaluate<string[]>(
      `[...document.querySelectorAll('.conversation-head .head-actions button, .conversation-head .head-actions [role="combobox"]')]
        .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent)`,
    );
    expect(cut, `actions cut short at ${width} px`).toEqual([]);
  }
  // Assign to me hides itself once chosen: the focus goes to the first action left, at this width too.
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.locator('[data-assignee]')).toContainText('Assigned to you');
  await expect
    .poll(() => page.evaluate<boolean>(`document.activeElement?.closest('.conversation-head .head-actions') != null`))
    .toBe(true);
});
