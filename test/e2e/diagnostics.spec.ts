import { expect, openConversation, test } from './support/harness';
import { openPalette } from './support/palette';
import { keepScreen } from './support/screens';

test('a conversation with a damaged field is kept, the inbox stays up to date, and the diagnostics view lists the damage for copying', async ({
  page,
  perch,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 820, height: 520 });
  await page.goto(perch.host.url);
  const rows = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
  await expect(rows.first()).toBeVisible();

  // The server sends one conversation with a field of the wrong type.
  const spoiled = openConversation(perch);
  (spoiled as { clicked: unknown }).clicked = 'yes';
  perch.sandbox.simulator.writeInto(spoiled, 'Sent in a shape Perch does not read');
  await expect.poll(async () => (await perch.accounts.handlers['diagnostics:get']()).skippedTotal).toBeGreaterThan(0);
  await expect(page.getByText('Up to date')).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);

  await openPalette(page);
  await page.keyboard.type('Diagnostics');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Diagnostics' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/Perch left out items the server sent .* Left out: \d+\./);
  await expect(dialog.getByRole('list', { name: 'Left-out items' })).toContainText(`Conversation #${spoiled.id}`);
  await expect(dialog.getByRole('list', { name: 'Left-out items' })).toContainText('clicked:');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/diagnostics-${theme}.png`);
  }
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Copied');
  const copied = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(copied).toContain(`conversation #${spoiled.id}: clicked:`);
  expect(copied).not.toContain(perch.sandbox.info.apps[0]!.token);

  // "Copy log" copies the log's last lines: what the sync did, never a token or what anyone wrote.
  await dialog.getByRole('button', { name: 'Copy log' }).click();
  await expect(dialog.getByRole('status')).toContainText(/Copied the last \d+ lines of the log/);
  const log = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(log).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z INFO {2}sync demo: health changed health="ok"/m);
  expect(log).not.toContain(perch.sandbox.info.apps[0]!.token);
  expect(log).not.toContain('Sent in a shape Perch does not read');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Also one click away in Settings.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Diagnostics…' }).click();
  await expect(page.getByRole('dialog', { name: 'Diagnostics' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
});

test.describe('errors of the page', () => {
  test.use({ expectedPageErrors: ['thrown in the page', 'rejected in the page'] });

  test('an error in the page and a promise nobody awaited reach Perch’s log through the browser host', async ({
    page,
    perch,
  }) => {
    await page.goto(perch.host.url);
    await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
    await page.evaluate(() => {
      const later = globalThis.setTimeout;
      later(() => {
        throw new TypeError('thrown in the page');
      }, 0);
      void Promise.reject(new Error('rejected in the page'));
    });
    const logged = async () => (await perch.accounts.handlers['diagnostics:log'](200)).join('\n');
    await expect.poll(logged).toContain('kind="error" error="TypeError" reason="thrown in the page"');
    await expect.poll(logged).toContain('kind="unhandledrejection" error="Error" reason="rejected in the page"');
  });
});
