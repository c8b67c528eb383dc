import { systemPart } from '../../src/sandbox/routes/system-part';
import { auditScreen } from './support/audit';
import { expect, openConversation, test } from './support/harness';

test('the search in other views and the waiting order read well in both languages and themes, narrow and wide', async ({
  page,
  perch,
}) => {
  // Six screens, each audited in four looks.
  test.setTimeout(180_000);
  const email = (userId: string) => perch.sandbox.store.users.get(userId)?.props['$email'];
  const closedOne = openConversation(
    perch,
    (c) =>
      typeof email(c.userId) === 'string' &&
      ![...perch.sandbox.store.conversations.values()].some((o) => o.userId === c.userId && o.id !== c.id),
  );
  perch.sandbox.store.appendPart(closedOne, systemPart('closed', perch.adminId, 1));
  await perch.accounts.handlers['settings:update']({ inboxSort: 'oldest-waiting' });
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  await page.locator('[data-view="unassigned"]').click();
  const list = page.getByRole('listbox', { name: /Conversations|Диалоги/ });
  const top = list.locator('[data-index="0"]');
  await expect(top.locator('.waiting')).toBeVisible();

  // An answer to the top conversation: the order holds, and offers to sort again.
  const answered = perch.sandbox.store.conversations.get((await top.getAttribute('data-conversation-id'))!)!;
  perch.sandbox.store.appendPart(answered, {
    ...systemPart('closed', perch.adminId, 2),
    type: 'reply_admin',
    body: 'We are on it.',
    replyType: 'text',
  });
  await expect(top).toContainText('We are on it.');
  const resort = page.getByRole('button', { name: /Sort again|Упорядочить заново/ });
  for (const locale of ['en', 'ru'] as const) {
    await perch.accounts.handlers['settings:update']({ locale });
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(resort).toBeVisible();
    await auditScreen(page, `waiting-order-${locale}`);
  }

  // A search sorts the list anew, and says what other views hold.
  const search = page.getByRole('searchbox');
  const elsewhere = page.getByRole('region', { name: /Matches in other views|Совпадения в других разделах/ });
  for (const locale of ['en', 'ru'] as const) {
    await perch.accounts.handlers['settings:update']({ locale });
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await search.fill('delivery');
    await expect(elsewhere).toBeVisible();
    await expect(list.getByRole('option').first()).toBeVisible();
    await auditScreen(page, `search-also-${locale}`);

    await search.fill(email(closedOne.userId) as string);
    await expect(elsewhere.getByRole('button')).toHaveCount(1);
    await expect(list.getByRole('option')).toHaveCount(0);
    await auditScreen(page, `search-empty-${locale}`);
  }
});
