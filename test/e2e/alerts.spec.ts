import type { Page } from '@playwright/test';
import { auditScreen } from './support/audit';
import { expect, openConversation, test } from './support/harness';
import { colleague } from './support/people';

/**
 * The sounds the page was asked to play, in order: every audio element's play() is recorded
 * (by file name) instead of reaching the speakers.
 */
async function recordSounds(page: Page) {
  await page.addInitScript(`
    window.perchSounds = [];
    HTMLMediaElement.prototype.play = function () {
      window.perchSounds.push(this.src.replace(/^.*\\/sounds\\/(\\w+)\\.wav$/, '$1'));
      return Promise.resolve();
    };
  `);
  return () => page.evaluate<string[]>('window.perchSounds.slice()');
}

test('a waiting visitor: sounds in order, and they stop when a colleague answers', async ({ page, perch }) => {
  const played = await recordSounds(page);
  // The shortest escalation Perch allows, so the repeats come within a test's patience.
  await perch.accounts.handlers['settings:update']({
    alerts: {
      escalation: { repeatSoundAfter: 5, repeatSoundEvery: 5, flashAfter: null },
      sounds: { message: 'pop', newConversation: 'chime' },
    },
  });
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();

  const waiting = openConversation(perch, (c) => c.assigneeId === null);
  perch.sandbox.simulator.writeInto(waiting, 'Is anyone there?');
  // The notification's sound, then the first repeat; the OS's notification stays silent.
  await expect.poll(played, { timeout: 15_000 }).toEqual(['pop', 'pop']);
  expect(perch.notifier.shown.find((n) => n.conversationId === waiting.id)?.silent).toBe(true);

  // A colleague answers in the web panel.
  await colleague.replies(perch, waiting.id, 'Hello, I am here');
  await expect.poll(() => perch.workspace.inbox.row(waiting.id)?.waitingSince).toBeNull();
  const afterAnswer = (await played()).length;

  // Proof that time has passed: another visitor's conversation, with its own sound, repeats once.
  await perch.accounts.handlers['settings:update']({ alerts: { sounds: { message: 'knock' } } });
  const other = openConversation(perch, (c) => c.assigneeId === null && c.id !== waiting.id);
  perch.sandbox.simulator.writeInto(other, 'Me too');
  await expect.poll(async () => (await played()).slice(afterAnswer), { timeout: 15_000 }).toEqual(['knock', 'knock']);
});

test('settings: a sound per event with a preview, the volume and the escalation, in both languages', async ({
  page,
  perch,
}) => {
  const played = await recordSounds(page);
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });

  await dialog.getByRole('button', { name: 'Play the sound for Assigned to me' }).click();
  await expect.poll(played).toEqual(['bell']);
  await dialog.getByRole('combobox', { name: 'Assigned to me' }).click();
  await page.getByRole('option', { name: 'Knock', exact: true }).click();
  await expect.poll(() => perch.settings.get().alerts.sounds.assigned).toBe('knock');
  await dialog.getByRole('slider', { name: 'Volume' }).fill('40');
  await expect.poll(() => perch.settings.get().alerts.volume).toBe(40);

  await dialog.getByRole('combobox', { name: 'Bring the window forward' }).click();
  await page.getByRole('option', { name: 'After 5 minutes' }).click();
  await expect.poll(() => perch.settings.get().alerts.escalation.bringForwardAfter).toBe(300);
  await dialog.getByRole('combobox', { name: 'Repeat the sound' }).click();
  await page.getByRole('option', { name: 'Off', exact: true }).click();
  await expect.poll(() => perch.settings.get().alerts.escalation.repeatSoundAfter).toBeNull();
  await expect(dialog.getByRole('combobox', { name: 'Time between sounds' })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Repeat the sound' }).click();
  await page.getByRole('option', { name: 'After 1 minute', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Time between sounds' })).toHaveText('30 seconds');
  await expect.poll(() => perch.settings.get().alerts.escalation.repeatSoundAfter).toBe(60);

  await auditScreen(page, 'settings-alerts');
  await perch.accounts.handlers['settings:update']({ locale: 'ru' });
  const russian = page.getByRole('dialog', { name: 'Настройки' });
  await expect(russian.getByRole('combobox', { name: 'Выводить окно на передний план' })).toHaveText('Через 5 минут');
  await expect(russian.getByRole('combobox', { name: 'Повторять звук' })).toHaveText('Через 1 минуту');
  await expect(russian.getByRole('combobox', { name: 'Между звуками' })).toHaveText('30 секунд');
  await auditScreen(page, 'settings-alerts-ru');
});
