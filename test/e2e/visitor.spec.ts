import { expect, openConversation, test } from './support/harness';
import { keepScreen } from './support/screens';

test('visitor panel: props edited through the props endpoint, ignored operations shown with their reasons', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (conv) => {
    const user = perch.sandbox.store.users.get(conv.userId);
    return Boolean(user?.props.$email) && Object.keys(user?.propsCustom ?? {}).length > 0;
  });
  const user = perch.sandbox.store.users.get(c.userId)!;
  perch.sandbox.simulator.writeInto(c, 'My email changed');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const panel = page.getByRole('complementary', { name: 'Visitor' });
  await expect(panel).toContainText(String(user.props.$email));
  // Dates the platform writes as ISO 8601 without a zone are shown as the agent reads dates.
  const lastSeen = panel.locator('.props div').filter({ hasText: 'Last seen' });
  await expect(lastSeen).toBeVisible();
  await expect(lastSeen).not.toContainText(/\d{4}-\d{2}-\d{2}T/);

  await panel.getByRole('button', { name: 'Edit the visitor’s properties' }).click();
  const editor = panel.getByRole('form', { name: 'Edit the visitor’s properties' });
  await editor.getByLabel('Email').fill('new.address@mail.example');
  await editor.getByRole('button', { name: 'Remove plan' }).click();
  // A system property given the wrong type: the server ignores it and says why.
  await editor.getByLabel('New property name').fill('$sessions');
  await editor.getByLabel('New property value').fill('many');
  await editor.getByRole('button', { name: 'Save' }).click();

  const outcome = panel.getByRole('alert');
  await expect(outcome).toContainText('The server ignored 1');
  await expect(outcome).toContainText('Sessions');
  await expect(outcome).not.toContainText('$sessions');
  await expect(outcome).toContainText('takes a number');
  await expect(panel).toContainText('new.address@mail.example');
  await expect(panel.locator('.props')).not.toContainText('plan');
  expect(user.props.$email).toBe('new.address@mail.example');
  expect(user.propsCustom).not.toHaveProperty('plan');
  expect(typeof user.props.$sessions).toBe('number');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/visitor-edit-${theme}.png`);
  }
});

test('visitor panel: email status with unsubscribe, notes and consents with their details', async ({ page, perch }) => {
  const c = openConversation(perch, (conv) => {
    const user = perch.sandbox.store.users.get(conv.userId);
    return user?.emailStatus === 'subscribed' && (user.consents?.length ?? 0) > 0;
  });
  const user = perch.sandbox.store.users.get(c.userId)!;
  user.notes = [
    { id: '1', body: 'Called about a <b>refund</b>', created: Math.floor(Date.now() / 1000), adminId: perch.adminId },
  ];
  perch.sandbox.simulator.writeInto(c, 'Please stop the newsletter');
  await page.goto(perch.host.url);
  await page.locator(`[data-conversation-id="${c.id}"]`).click();
  const panel = page.getByRole('complementary', { name: 'Visitor' });
  // The documented status of a subscribed address (/objects/emailstatus).
  await expect(panel.locator('[data-email-status]')).toHaveText('Confirmed');
  await expect(panel.getByRole('region', { name: 'Notes' })).toContainText('Called about a <b>refund</b>');
  const consent = user.consents![0]!;
  await expect(panel.getByRole('region', { name: 'Consents' })).toContainText('Data processing: yes');
  await expect(panel.getByRole('region', { name: 'Consents' })).toContainText(`from ${consent.ipAddress}`);
  await panel.getByRole('button', { name: 'Unsubscribe from emails' }).click();
  await expect(panel.locator('[data-email-status]')).toHaveText('Unsubscribed');
  expect(user.emailStatus).toBe('unsubscribed');
  await expect(panel.getByRole('button', { name: 'Unsubscribe from emails' })).toHaveCount(0);
});

test("an anonymous visitor's row and header follow a city or phone entered in the panel at once, and the search finds them", async ({
  page,
  perch,
}) => {
  const c = openConversation(perch, (conv) => {
    const props = perch.sandbox.store.users.get(conv.userId)?.props ?? {};
    return !props.$name && !props.$email && !props.$phone && !props.$city;
  });
  perch.sandbox.simulator.writeInto(c, 'Hello from nowhere');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(perch.host.url);
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await row.click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Visitor #${c.userId.slice(-5)}`);
  const panel = page.getByRole('complementary', { name: 'Visitor' });
  const edit = async (label: string, value: string) => {
    await panel.getByRole('button', { name: 'Edit the visitor’s properties' }).click();
    const editor = panel.getByRole('form', { name: 'Edit the visitor’s properties' });
    await editor.getByLabel(label, { exact: true }).fill(value);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
  };
  await edit('City', 'Ushuaia');
  await expect(heading).toHaveText('Visitor from Ushuaia');
  await expect(row).toContainText('Visitor from Ushuaia');
  await page.getByRole('searchbox').fill('Ushuaia');
  // Every conversation of that visitor, and only theirs.
  const found = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
  await expect(found.filter({ has: page.locator(`[data-conversation-id="${c.id}"]`) }).or(row)).toBeVisible();
  const theirs = [...perch.sandbox.store.conversations.values()].filter((conv) => conv.userId === c.userId).length;
  expect(await found.count()).toBeLessThanOrEqual(theirs);
  for (const option of await found.all()) await expect(option).toContainText('Visitor from Ushuaia');
  await page.getByRole('searchbox').fill('');
  await edit('Phone', '+7 913 555 0101');
  await expect(heading).toHaveText('+7 913 555 0101');
  await expect(row).toContainText('+7 913 555 0101');
});
