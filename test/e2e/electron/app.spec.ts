import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The Electron binary, or null where it was never downloaded (as on machines without the
 * network). Read from path.txt: requiring the electron package would try to download it.
 */
function electronBinary(): string | null {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const binary = join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
test.skip(
  !binary,
  'No Electron binary here (npm install skipped its download; run `node node_modules/electron/install.js` where the network allows). The browser-host suite covers the same flows.',
);

let app: ElectronApplication;
test.beforeEach(async ({}, testInfo) => {
  const userData = await mkdtemp(join(tmpdir(), 'perch-electron-'));
  // Only the first test meets the first-run choice; the others start where an agent who chose the demo would.
  if (!testInfo.title.startsWith('first run'))
    await writeFile(join(userData, 'account.json'), JSON.stringify({ welcomed: true }));
  app = await electron.launch({
    executablePath: binary!,
    args: ['.', `--user-data-dir=${userData}`, '--no-sandbox'],
    env: { ...process.env, PERCH_E2E_HOOKS: '1' },
  });
});
test.afterEach(async () => {
  await app.close();
});

test('first run: the demo behind the welcome choice, in a locked-down window', async () => {
  const window = await app.firstWindow();
  await expect(window.locator('[data-health="ok"]')).toBeVisible({ timeout: 20_000 });
  await window
    .getByRole('dialog', { name: 'Welcome to Perch' })
    .getByRole('button', { name: /Try the demo workspace/ })
    .click();
  await expect(window.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible();
  expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await window.evaluate(() => typeof (globalThis as { perch?: { invoke?: unknown } }).perch?.invoke)).toBe(
    'function',
  );
  // Isolated and sandboxed: the page sees neither Node nor Electron, only the bridge.
  expect(await window.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  expect(await window.evaluate(() => Object.keys((globalThis as { perch?: object }).perch ?? {}).sort())).toEqual([
    'invoke',
    'on',
  ]);
  expect(new URL(window.url()).protocol).toBe('perch:');
});

test('closing the window hides it to the tray instead of quitting', async () => {
  const window = await app.firstWindow();
  await expect(window.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first()).toBeVisible({
    timeout: 20_000,
  });
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
  const visible = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.isVisible()));
  expect(visible).toEqual([false]);
});

type Hooks = {
  trayTooltip(): string;
  notifications(): string[];
  clickNotification(accountId: string, id: number): boolean;
  visitorWrites(body: string): number | null;
};

const tooltip = () => app.evaluate(() => (globalThis as unknown as { __perchTest: Hooks }).__perchTest.trayTooltip());
const unreadInTray = async () => Number(/(\d+) unread/.exec(await tooltip())?.[1] ?? NaN);

test('the tray shows the unread count, and a notification click opens its conversation', async () => {
  const window = await app.firstWindow();
  await expect(window.locator('[data-health="ok"]')).toBeVisible({ timeout: 20_000 });
  await expect.poll(tooltip).toMatch(/^Perch: \d+ unread/);
  const id = await app.evaluate(
    (_electron, body) => (globalThis as unknown as { __perchTest: Hooks }).__perchTest.visitorWrites(body),
    'Hello from the desktop test',
  );
  expect(id).not.toBeNull();
  await expect.poll(unreadInTray).toBeGreaterThan(0);
  const supported = await app.evaluate(({ Notification }) => Notification.isSupported());
  test.skip(
    !supported,
    'This desktop has no notification service (on Linux: a libnotify daemon); the tray half passed.',
  );
  await expect
    .poll(() => app.evaluate(() => (globalThis as unknown as { __perchTest: Hooks }).__perchTest.notifications()))
    .toContain(`demo/${id}`);
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.hide());
  expect(
    await app.evaluate(
      (_electron, conversationId) =>
        (globalThis as unknown as { __perchTest: Hooks }).__perchTest.clickNotification('demo', conversationId),
      id!,
    ),
  ).toBe(true);
  await expect(window.locator(`[data-conversation-id="${id}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(window.locator('.timeline')).toContainText('Hello from the desktop test');
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.isVisible())).toBe(true);
});
