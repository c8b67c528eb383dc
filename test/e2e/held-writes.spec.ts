import type { Page } from '@playwright/test';
import { auditScreen } from './support/audit';
import { expect, openConversation, test, type Perch } from './support/harness';
import { choose } from './support/select';

// Long enough that Undo is always in time: landing after the window is the core tests' part.
test.use({ undoWindowMs: 120_000 });

/** A conversation assigned to the agent with the tag "refund", open on screen, and a colleague to give it to. */
async function openAssignedToMe(page: Page, perch: Perch) {
  const c = openConversation(perch);
  c.assigneeId = perch.adminId;
  c.tags = ['refund'];
  const colleague = [...perch.sandbox.store.admins.values()].find(
    (a) => a.appId === perch.appId && a.id !== perch.adminId && a.type !== 'bot',
  )!;
  await page.goto(perch.host.url);
  perch.sandbox.simulator.writeInto(c, 'Please refund my order');
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  await expect(page.locator('.timeline')).toContainText('Please refund my order');
  return { c, colleague };
}

/** Writes held in the outbox for their undo window. */
const held = (perch: Perch) => perch.workspace.outbox.list().filter((item) => (item.undoUntil ?? 0) > Date.now());

test('assigning away and removing a tag wait with Undo, which takes them back', async ({ page, perch }) => {
  const { c, colleague } = await openAssignedToMe(page, perch);

  await choose(page.getByRole('combobox', { name: 'Assign to' }), colleague.id);
  const assigned = page.locator('[data-undo="assign"]');
  await expect(assigned).toHaveText(`Assigning to ${colleague.name}…Undo`);
  // Held, not sent, and not announced as "Assigning…" beside the notice.
  expect(held(perch).map((item) => item.action.kind)).toEqual(['assign']);
  expect(c.assigneeId).toBe(perch.adminId);
  await expect(page.locator('[data-pending-write]')).toHaveCount(0);
  await assigned.getByRole('button', { name: /^Undo assigning the conversation with / }).click();
  await expect(assigned).toBeHidden();
  expect(perch.workspace.outbox.list()).toEqual([]);
  expect(c.assigneeId).toBe(perch.adminId);

  await page.getByRole('button', { name: 'Remove tag refund' }).click();
  const removed = page.locator('[data-undo="tag"]');
  await expect(removed).toHaveText('Tag “refund” removed.Undo');
  await expect(page.locator('.conversation-head .tag')).toHaveCount(0);
  expect(c.tags).toEqual(['refund']);
  await removed
    .getByRole('button', { name: 'Undo removing the tag “refund” from the conversation with', exact: false })
    .click();
  await expect(removed).toBeHidden();
  await expect(page.locator('.conversation-head .tag')).toHaveText('refund×');
  expect(perch.workspace.outbox.list()).toEqual([]);
  expect(c.tags).toEqual(['refund']);
});

for (const language of ['en', 'ru'] as const) {
  test(`the Undo notices of an assign away and a tag removal, audited (${language})`, async ({ page, perch }) => {
    const { colleague } = await openAssignedToMe(page, perch);
    if (language === 'ru') await choose(page.getByRole('combobox', { name: 'Language' }), 'ru');
    await page.locator('.conversation-head .tag button').click();
    // Russian labels are longer: the row folds its less frequent actions, Assign among them, behind More actions.
    if (language === 'ru') await page.getByRole('button', { name: 'Другие действия' }).click();
    await choose(page.locator('.conversation-head [role="combobox"]').first(), colleague.id);
    await expect(page.locator('[data-undo="tag"]')).toContainText(
      language === 'ru' ? 'Тег «refund» удалён.' : 'Tag “refund” removed.',
    );
    await expect(page.locator('[data-undo="assign"]')).toContainText(
      language === 'ru' ? `Назначаем: ${colleague.name}…` : `Assigning to ${colleague.name}…`,
    );
    // The notice at 1280×800 is close-audit’s; this one is checked where it is tightest.
    await auditScreen(page, `undo-writes-${language}`, 'narrow');
    await expect(page.locator('.undo-notice')).toHaveCount(2);
  });
}
