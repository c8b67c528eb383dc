import type { Page } from '@playwright/test';
import { desktopApp, expect, openConversation, test } from './support/harness';
import { keepScreen } from './support/screens';

// The desktop app's Settings: start at login, the tray and the shortcut recorder are offered.
test.use({ desktop: desktopApp });

/** Each changed screen at the desktop size and the smallest supported one, in both themes. */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [820, 520],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await keepScreen(page, `test-results/${name}-${width}-${theme}.png`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('screens: the shortcut recorder, hidden data of quick replies, the property editor', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: /^Shortcut to show Perch/ }).click();
  await page.keyboard.press('Shift+A');
  await expect(dialog.getByRole('alert')).toBeVisible();
  await shoot(page, 'settings-recorder');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const c = openConversation(
    perch,
    (x) => Object.keys(perch.sandbox.store.users.get(x.userId)?.propsCustom ?? {}).length > 0,
  );
  perch.sandbox.simulator.writeInto(c, 'Which size?');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await page.getByRole('button', { name: 'Reply buttons' }).click();
  await page.getByRole('textbox', { name: 'Button 1', exact: true }).fill('Small');
  await page.getByRole('button', { name: 'Add hidden data to button 1' }).click();
  await page.getByRole('textbox', { name: 'Name 1 of button 1' }).fill('size');
  await page.getByRole('textbox', { name: 'Value 1 of button 1' }).fill('S');
  await shoot(page, 'quick-replies');

  const panel = page.getByRole('complementary', { name: 'Visitor' });
  await panel.getByRole('button', { name: 'Edit the visitor’s properties' }).click();
  await panel.getByLabel('New property name').fill('plan_renewal');
  await panel.getByLabel('New property value').fill('2027-01-01');
  await shoot(page, 'visitor-editor');
});
