import { expect, openConversation, test } from './support/harness';
import { keepScreen } from './support/screens';

for (const locale of ['en', 'ru'] as const) {
  test(`at 820×520 in ${locale} every action of the conversation header lies inside the window`, async ({
    page,
    perch,
  }) => {
    await perch.accounts.handlers['settings:update']({ locale });
    await page.setViewportSize({ width: 820, height: 520 });
    await page.goto(perch.host.url);
    const unassigned = openConversation(perch, (c) => c.assigneeId === null);
    const colleagues = openConversation(perch, (c) => c.assigneeId !== null && c.assigneeId !== perch.adminId);
    for (const c of [unassigned, colleagues]) {
      perch.sandbox.simulator.writeInto(c, 'Hello?');
      await page.locator(`[data-conversation-id="${c.id}"]`).click();
      const toolbar = page.locator('.conversation-head [role="toolbar"]');
      await expect(toolbar.locator('button').first()).toBeVisible();
      const outside = await toolbar.evaluate((bar) => {
        const view = bar.ownerDocument.documentElement;
        return [...bar.querySelectorAll('button, [role="combobox"]')]
          .map((control) => ({ name: control.textContent?.trim(), box: control.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0)
          .filter(
            ({ box }) => box.left < 0 || box.top < 0 || box.right > view.clientWidth || box.bottom > view.clientHeight,
          )
          .map(({ name, box }) => `${name}: ${Math.round(box.left)}–${Math.round(box.right)}`);
      });
      await keepScreen(page, `test-results/header-fit-${locale}-${c === unassigned ? 'a' : 'b'}.png`);
      expect(outside).toEqual([]);
    }
  });
}
