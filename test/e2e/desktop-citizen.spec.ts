import type { Locator, Page } from '@playwright/test';
import { auditScreen } from './support/audit';
import { expect, openConversation, test } from './support/harness';
import { choose } from './support/select';
import { openPalette } from './support/palette';

/** The link "Copy link" writes for a conversation of the demo account. */
const linkTo = (id: string, account = 'demo') => `perch://open/${account}/${id}`;
const withLink = (url: string, link: string) => `${url}&open=${encodeURIComponent(link)}`;

test('a perch://open link opens its conversation; Copy link writes one; other links are refused in a sentence', async ({
  page,
  perch,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const target = openConversation(perch);
  const list = page.getByRole('listbox', { name: 'Conversations' });

  // The browser host takes the link as the page's `open` parameter, as Electron takes it from the OS.
  await page.goto(withLink(perch.host.url, linkTo(target.id)));
  await expect(list.locator(`[data-conversation-id="${target.id}"]`)).toHaveAttribute('aria-selected', 'true');
  // Followed once: it leaves the address, so a reload does not follow it again.
  await expect(page).not.toHaveURL(/open=/);

  // Copy link from the header, then from the palette on another conversation: each opens its own.
  const other = openConversation(perch, (c) => c.id !== target.id);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(linkTo(target.id));
  await page.goto(withLink(perch.host.url, linkTo(other.id)));
  await expect(list.locator(`[data-conversation-id="${other.id}"]`)).toHaveAttribute('aria-selected', 'true');
  await openPalette(page);
  await page.keyboard.type('copy link');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(linkTo(other.id));

  // A link to an account Perch does not hold, and links of other shapes: a sentence, nothing opened.
  await page.goto(withLink(perch.host.url, linkTo(target.id, 'account-0123456789abcdef')));
  await expect(page.getByRole('alert')).toHaveText(/account that is not connected in Perch/);
  // What was open before the page loaded comes back (inbox/slice-place.ts); the link moved nothing.
  const selected = list.locator('[aria-selected="true"]');
  await expect(selected).toHaveAttribute('data-conversation-id', other.id);
  for (const hostile of [
    `${linkTo(target.id)}?token=x`,
    `${linkTo(target.id)}/reply`,
    'perch://app/index.html',
    'javascript:alert(1)',
  ]) {
    await page.goto(withLink(perch.host.url, hostile));
    await expect(page.getByRole('alert')).toHaveText(/not a link to a conversation in Perch/);
    await expect(selected).toHaveAttribute('data-conversation-id', other.id);
  }
  // A well-formed link to a conversation the account does not have: the sentence the platform's 404 gets.
  await page.goto(withLink(perch.host.url, linkTo('1')));
  await expect(page.getByRole('alert')).toContainText('This conversation no longer exists or is not in this account.');
});

test('Ctrl+= / Ctrl+- / Ctrl+0 zoom the window, kept in the settings across a reload', async ({ page, perch }) => {
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  const zoom = () => page.evaluate<string>('document.documentElement.style.zoom');
  await page.keyboard.press('Control+=');
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(110);
  await expect.poll(zoom).toBe('1.1');
  await expect(page.getByRole('status').filter({ hasText: 'Zoom: 110 %' })).toBeVisible();
  // From inside a text field too.
  await page.getByRole('searchbox', { name: 'Search conversations' }).click();
  await page.keyboard.press('Control+=');
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(125);
  await page.reload();
  await expect.poll(zoom).toBe('1.25');
  for (let n = 0; n < 12; n++) await page.keyboard.press('Control+-');
  // Bounded: 50 % is as small as it gets.
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(50);
  await page.keyboard.press('Control+0');
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(100);
  await expect.poll(zoom).toBe('');
});

test('Ctrl+wheel zooms the window a step at a time, as Ctrl+= and Ctrl+- do, kept in the settings and shown in Settings', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list.getByRole('option').first()).toBeVisible();
  const zoom = () => page.evaluate<string>('document.documentElement.style.zoom');
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const top = await list.evaluate((el) => el.scrollTop);
  await page.keyboard.down('Control');
  // One notch of a wheel towards the screen zooms in one step; the list does not scroll.
  await page.mouse.wheel(0, -100);
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(110);
  await expect.poll(zoom).toBe('1.1');
  await expect(page.getByRole('status').filter({ hasText: 'Zoom: 110 %' })).toBeVisible();
  // A trackpad's pinch comes as many small deltas: together they make one step, not one each.
  for (let n = 0; n < 10; n++) await page.mouse.wheel(0, -5);
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(125);
  await page.mouse.wheel(0, 100);
  await page.mouse.wheel(0, 100);
  await page.keyboard.up('Control');
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(100);
  await expect.poll(zoom).toBe('');
  expect(await list.evaluate((el) => el.scrollTop)).toBe(top);

  // Without Ctrl the wheel scrolls, and the zoom stays.
  await page.mouse.wheel(0, 300);
  await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(top);
  expect(perch.settings.get().zoomPercent).toBe(100);

  // Settings shows what the wheel chose.
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(110);
  await page.getByRole('button', { name: 'Settings' }).click();
  const size = page.getByRole('dialog', { name: 'Settings' }).getByRole('combobox', { name: 'Text and controls size' });
  await expect(size).toHaveAttribute('data-value', '110');
});

test('settings: spelling languages follow the window language or are chosen; zoom is shown and chosen', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const follow = dialog.getByRole('checkbox', { name: 'Check spelling in Perch’s language' });
  await expect(follow).toBeChecked();
  await expect(dialog.getByText('Checking: English (US).')).toBeVisible();
  // Each box shows what main kept: clicked, then checked once main answers.
  await follow.click();
  await expect.poll(() => perch.settings.get().spellLanguages).toEqual(['en-US']);
  await expect(follow).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Russian' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Russian' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'German' }).click();
  await expect.poll(() => perch.settings.get().spellLanguages).toEqual(['en-US', 'ru', 'de']);
  // Three at most: the others wait until one is unchecked.
  await expect(dialog.getByRole('checkbox', { name: 'French' })).toBeDisabled();
  await choose(dialog.getByRole('combobox', { name: 'Text and controls size' }), '125');
  await expect.poll(() => perch.settings.get().zoomPercent).toBe(125);
  await choose(dialog.getByRole('combobox', { name: 'Text and controls size' }), '100');
  await auditNewSections(page, dialog, 'settings-spelling-en');

  await perch.accounts.handlers['settings:update']({ locale: 'ru', spellLanguages: null });
  const russian = page.getByRole('dialog', { name: 'Настройки' });
  await expect(russian.getByText('Проверяется: русский, английский (США).')).toBeVisible();
  await russian.getByRole('checkbox', { name: 'Проверять орфографию на языке Perch' }).click();
  await expect(russian.getByRole('checkbox', { name: 'русский' })).toBeChecked();
  await auditNewSections(page, russian, 'settings-spelling-ru');
});

/** Settings scrolled to its end (spelling and zoom), audited at both sizes and themes. */
async function auditNewSections(page: Page, dialog: Locator, name: string): Promise<void> {
  for (const size of ['wide', 'narrow'] as const) {
    await page.setViewportSize(size === 'wide' ? { width: 1280, height: 800 } : { width: 820, height: 520 });
    await dialog.evaluate((sheet) => sheet.scrollTo({ top: sheet.scrollHeight }));
    await auditScreen(page, name, size);
  }
}
