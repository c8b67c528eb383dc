import { expect, openConversation, test } from './support/harness';

/**
 * The page asks main for its first rows before the app's code has arrived (src/renderer/src/app/main.tsx).
 * Whatever changes between that answer and the app listening must still reach the screen.
 */
test('a visitor message that comes while the app’s code is still loading is on the first screen', async ({
  page,
  perch,
}) => {
  const c = openConversation(perch);
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  // The app's code is held back until the visitor has written.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/start-app-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(perch.host.url);
  // The first rows and the settings are answered, with the app not yet running.
  await expect.poll(() => frames.filter((f) => f.startsWith('{"type":"result"')).length).toBe(2);

  perch.sandbox.simulator.writeInto(c, 'Written while Perch was starting');
  await expect
    .poll(() => perch.workspace.inbox.snapshot().rows.find((r) => r.id === c.id)?.preview)
    .toBe('Written while Perch was starting');
  // Main holds its events for a page that has not said it listens.
  expect(frames.some((f) => f.startsWith('{"type":"event"'))).toBe(false);

  release();
  const row = page.locator(`[data-conversation-id="${c.id}"]`);
  await expect(row.locator('.preview')).toHaveText('Written while Perch was starting');
  await expect(row.locator('.badge')).toBeVisible();
});

test.describe('with more conversations than the first screen', () => {
  test.use({ conversationsPerApp: 400 });

  test('a window that draws no frames (started hidden in the tray) still gets the rest of its rows', async ({
    page,
    perch,
  }) => {
    // A window that is not shown gets no animation frames.
    await page.addInitScript('window.requestAnimationFrame = () => 0');
    await page.goto(perch.host.url);
    const list = page.getByRole('listbox', { name: 'Conversations' });
    await expect(list.getByRole('option').first()).toBeAttached();
    // The rest of the rows come although the frame the first screen waits for never does.
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const open = perch.workspace.inbox.snapshot().rows.filter((r) => !r.closed).length;
    expect(open).toBeGreaterThan(60);
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-setsize', String(open));
  });
});
