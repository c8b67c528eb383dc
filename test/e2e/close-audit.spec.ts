import { auditScreen } from './support/audit';
import { expect, openConversation, test } from './support/harness';
import { choose } from './support/select';

// The notice stays for the whole audit (four screenshots and audits per size).
test.use({ undoWindowMs: 120_000 });

for (const language of ['en', 'ru'] as const) {
  test(`"Close without sending?" and the Undo notice, audited (${language})`, async ({ page, perch }) => {
    await page.goto(perch.host.url);
    if (language === 'ru') await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
    const c = openConversation(perch);
    perch.sandbox.simulator.writeInto(c, 'Can I change the delivery address?');
    await page.locator(`[data-conversation-id="${c.id}"]`).click();
    const reply = page.locator('.composer textarea');
    await reply.fill(language === 'ru' ? 'Да, конечно: напишите' : 'Yes, of course: send me');
    await page.keyboard.press('Escape');
    await page.keyboard.press('e');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toHaveAccessibleName(language === 'ru' ? 'Закрыть, не отправив?' : 'Close without sending?');
    await auditScreen(page, `close-confirm-${language}`);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await reply.fill('');
    await page.keyboard.press('Escape');
    await page.keyboard.press('e');
    const notice = page.locator(`[data-undo-close="${c.id}"]`);
    await expect(notice).toContainText(language === 'ru' ? 'закрыт' : 'closed');
    await auditScreen(page, `undo-close-${language}`);
    await expect(notice).toBeVisible();
  });
}
