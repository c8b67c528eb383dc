import { isLead } from '../../src/sandbox/model';
import { expect, test } from './support/harness';
import { shoot, keepScreen } from './support/screens';
import { auditScreen } from './support/audit';

/** Perceived difference of two CSS colours (0..255 on the brightest channel). */
function contrast(a: string, b: string): number {
  const channels = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const [x, y] = [channels(a), channels(b)];
  return Math.max(...x.map((v, i) => Math.abs(v - (y[i] ?? 0))));
}

test('"Write" to a lead: a visible Send, and the message goes out from the application', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await page.getByRole('button', { name: 'Leads' }).click();
  const lead = [...perch.sandbox.store.users.values()].find((u) => u.appId === perch.appId && isLead(u))!;
  await page
    .getByRole('searchbox', { name: 'Search leads by name or email' })
    .fill(String(lead.props.$name ?? lead.props.$email ?? ''));
  const row = page.locator(`[data-lead-id="${lead.id}"]`);
  await row.getByRole('button', { name: 'Write' }).click();
  const dialog = page.getByRole('dialog', { name: /^Write to / });
  await dialog.getByRole('textbox', { name: 'First message to this visitor' }).fill('Hello from the agent');
  const send = dialog.getByRole('button', { name: 'Send' });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const { color, background } = await send.evaluate((el) => ({
      color: el.ownerDocument.defaultView!.getComputedStyle(el).color,
      background: el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor,
    }));
    expect(contrast(color, background), `${theme}: ${color} on ${background}`).toBeGreaterThan(100);
    await keepScreen(page, `test-results/leads-write-${theme}.png`);
  }
  // The narrow window still shows the button whole.
  await page.setViewportSize({ width: 820, height: 520 });
  await expect(send).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'leads-write');
  await send.click();
  await expect(page.locator('.timeline')).toContainText('Hello from the agent');
  const started = [...perch.sandbox.store.conversations.values()].find(
    (c) => c.userId === lead.id && c.parts[0]?.body === 'Hello from the agent',
  )!;
  // sendmessage takes no sender: the platform writes as the application's default sender.
  expect(started.parts[0]!.fromAdminId).toBe(perch.sandbox.store.apps.get(perch.appId)!.defaultAdminId);
});

test('"Write" says the visitor has an open conversation and the channel; Enter is a new line, Ctrl+Enter sends, Esc cancels', async ({
  page,
  perch,
}) => {
  const { store } = perch.sandbox;
  const conversationsOf = (userId: string) =>
    [...store.conversations.values()].filter((c) => c.appId === perch.appId && c.userId === userId);
  const leads = [...store.users.values()].filter(
    (u) => u.appId === perch.appId && isLead(u) && typeof u.props.$name === 'string',
  );
  const busy = leads.find((u) => conversationsOf(u.id).some((c) => !c.closed && c.userReplies > 0))!;
  const quiet = leads.find((u) => conversationsOf(u.id).every((c) => c.closed))!;
  const before = store.conversations.size;
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  await page.getByRole('button', { name: 'Leads' }).click();
  const search = page.getByRole('searchbox', { name: 'Search leads by name or email' });
  const writeTo = async (lead: typeof busy) => {
    await search.fill(String(lead.props.$name));
    await page.locator(`[data-lead-id="${lead.id}"]`).getByRole('button', { name: 'Write' }).click();
    return page.getByRole('dialog', { name: `Write to ${String(lead.props.$name)}` });
  };

  // Esc cancels: nothing is sent, and the focus is back on Write.
  let dialog = await writeTo(quiet);
  await expect(dialog).toContainText('It goes by chat');
  await expect(dialog).toContainText('It is not sent by e-mail.');
  await expect(dialog.locator('[data-open-conversation]')).toHaveCount(0);
  await expect(dialog).not.toContainText('Checking for an open conversation');
  await dialog.getByRole('textbox', { name: 'First message to this visitor' }).fill('Never mind');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`[data-lead-id="${quiet.id}"]`).getByRole('button', { name: 'Write' })).toBeFocused();
  expect(store.conversations.size).toBe(before);

  // A visitor with an open conversation: the dialog says so and offers to open it.
  dialog = await writeTo(busy);
  const existing = conversationsOf(busy.id).find((c) => !c.closed && c.userReplies > 0)!;
  await expect(dialog).toContainText(`${String(busy.props.$name)} already has an open conversation`);
  await expect(dialog.getByRole('button', { name: 'Open that conversation' })).toBeVisible();
  await expect(dialog).toContainText('It goes by chat');
  await expect(dialog).toContainText('Ctrl+Enter');
  const box = dialog.getByRole('textbox', { name: 'First message to this visitor' });
  await expect(box).toBeFocused();

  await auditScreen(page, 'write-dialog');
  await page.setViewportSize({ width: 820, height: 520 });
  for (const locale of ['en', 'ru'] as const)
    for (const theme of ['light', 'dark'] as const) {
      await perch.accounts.handlers['settings:update']({ locale, theme });
      await expect(page.locator('[data-write-channel]')).toContainText(
        locale === 'en' ? 'goes by chat' : 'уйдёт в чат',
      );
      await keepScreen(page, `/tmp/h-trouble-write-${locale}-${theme}.png`);
    }
  await perch.accounts.handlers['settings:update']({ locale: 'en', theme: 'light' });
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });

  // Enter makes a new line, as in the composer; Ctrl+Enter sends.
  await box.pressSequentially('Line one');
  await box.press('Enter');
  await box.pressSequentially('Line two');
  await expect(box).toHaveValue('Line one\nLine two');
  expect(store.conversations.size).toBe(before);
  await box.press('Control+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.timeline')).toContainText('Line two');
  const started = conversationsOf(busy.id).find((c) => c.parts[0]?.body === 'Line one\nLine two');
  expect(started).toBeDefined();

  // "Open that conversation" opens the one the visitor has instead of starting another.
  expect(existing.closed).toBe(false);
  await page.getByRole('button', { name: 'Leads' }).click();
  dialog = await writeTo(busy);
  const count = store.conversations.size;
  await dialog.getByRole('button', { name: 'Open that conversation' }).click();
  await expect(dialog).toHaveCount(0);
  // The newest open one: by now the conversation just started.
  await expect(page.locator(`[data-conversation-id="${started!.id}"]`)).toHaveAttribute('aria-selected', 'true');
  expect(store.conversations.size).toBe(count);
});
