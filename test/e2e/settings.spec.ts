import { desktopApp, expect, openConversation, test } from './support/harness';
import { choose } from './support/select';
import { keepScreen } from './support/screens';

// The desktop app's Settings: start at login, the tray and the shortcut recorder are offered.
test.use({ desktop: desktopApp });

test('settings: notification scope, pause, quiet hours and the shortcut, kept by main and applied at once', async ({
  page,
  perch,
}) => {
  await page.goto(perch.host.url);
  await expect(page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('combobox', { name: 'Notify me about' })).toBeFocused();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await keepScreen(page, `test-results/settings-${theme}.png`);
  }

  // Nothing: a visitor writes into an unassigned conversation and no notification comes.
  await choose(dialog.getByRole('combobox', { name: 'Notify me about' }), 'none');
  await expect.poll(() => perch.settings.get().notifications.scope).toBe('none');
  const quiet = openConversation(perch, (c) => c.assigneeId === null);
  perch.sandbox.simulator.writeInto(quiet, 'Nobody should be told');
  await expect.poll(() => perch.workspace.inbox.row(quiet.id)?.preview).toBe('Nobody should be told');
  expect(perch.notifier.shown.map((n) => n.conversationId)).not.toContain(quiet.id);

  // Back to mine and unassigned: the next message notifies.
  await choose(dialog.getByRole('combobox', { name: 'Notify me about' }), 'mine-and-unassigned');
  perch.sandbox.simulator.writeInto(quiet, 'Now tell them');
  await expect.poll(() => perch.notifier.shown.map((n) => n.conversationId)).toContain(quiet.id);

  await dialog.getByRole('button', { name: 'Pause for an hour' }).click();
  await expect(dialog.getByText(/Paused until/)).toBeVisible();
  expect(perch.settings.get().notifications.pausedUntil).toBeGreaterThan(Date.now() + 3500_000);
  await dialog.getByRole('button', { name: 'Resume notifications' }).click();
  await expect(dialog.getByText('Notifications are on')).toBeVisible();

  // Main answers with the settings it kept; the box shows that answer.
  await dialog.getByRole('checkbox', { name: 'Quiet hours' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Quiet hours' })).toBeChecked();
  await dialog.getByLabel('Quiet from').fill('21:30');
  await expect
    .poll(() => perch.settings.get().notifications.quietHours)
    .toEqual({ enabled: true, start: '21:30', end: '08:00' });

  // The shortcut is recorded from the keys pressed, never typed as text.
  await expect(dialog.getByRole('textbox', { name: 'Shortcut to show Perch' })).toHaveCount(0);
  const recorder = dialog.getByRole('button', { name: /^Shortcut to show Perch/ });
  await expect(recorder).toHaveText('Ctrl+Shift+P');
  await recorder.click();
  await expect(recorder).toHaveText('Press the keys…');
  // A key alone (or with only Shift) would be taken from every other app: refused, and the screen says why.
  for (const bare of ['a', 'Shift+A', 'F5']) {
    await page.keyboard.press(bare);
    await expect(dialog.getByRole('alert')).toContainText('needs Ctrl, Alt, Cmd or Super');
    expect(perch.settings.get().shortcut).toBe('CommandOrControl+Shift+P');
  }
  await page.keyboard.press('Control+Alt+J');
  await expect.poll(() => perch.settings.get().shortcut).toBe('CommandOrControl+Alt+J');
  await expect(recorder).toHaveText('Ctrl+Alt+J');
  // Escape while recording puts the shortcut back and keeps the dialog open.
  await recorder.click();
  await page.keyboard.press('Escape');
  await expect(recorder).toHaveText('Ctrl+Alt+J');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No shortcut' }).click();
  await expect.poll(() => perch.settings.get().shortcut).toBe('');
  await expect(recorder).toHaveText('None');

  // Start at login and in the tray: the desktop app applies them, so they are offered and kept.
  await dialog.getByRole('checkbox', { name: 'Start at login' }).click();
  await expect.poll(() => perch.settings.get().startAtLogin).toBe(true);
  await dialog.getByRole('checkbox', { name: 'Start in the tray, without the window' }).click();
  await expect.poll(() => perch.settings.get().startHidden).toBe(true);

  // Changed elsewhere (the tray menu pauses too): the screen follows.
  await perch.settings.update((s) => ({
    ...s,
    notifications: { ...s.notifications, pausedUntil: Date.now() + 600_000 },
  }));
  await expect(dialog.getByText(/Paused until/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
