import { expect, openConversation, test } from './support/harness';
import { shoot } from './support/polish-shots';

test('assignment to the agent says "you" with the agent’s name; the Accounts screen names the administrator', async ({
  page,
  perch,
}) => {
  const me = perch.sandbox.store.admins.get(perch.adminId)!.name;
  await page.goto(perch.host.url);
  const c = openConversation(perch, (x) => x.assigneeId === null);
  perch.sandbox.simulator.writeInto(c, 'Can someone help me?');
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await row.click();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.locator('[data-assignee]')).toHaveText(`Assigned to you (${me})`);
  await expect(row.locator('.assignee')).toHaveText('You');
  await expect(row.locator('.assignee')).toHaveAttribute('title', me);
  await shoot(page, perch, 'you');

  await page.locator('[data-accounts-open]').click();
  await expect(page.locator(`[data-account-row="demo"] [data-account-admin]`)).toHaveText(`You act as ${me}.`);
  await shoot(page, perch, 'accounts');
});
