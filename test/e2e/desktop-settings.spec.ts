import { createUndiciTransport } from '../../src/main/core/api/transport';
import { systemClock } from '../../src/main/core/runtime/clock';
import { desktopHandlers } from '../../src/main/core/desktop/desktop-handlers';
import { JsonFile } from '../../src/main/core/storage/json-file';
import { FeedUpdater } from '../../src/main/core/updates/feed-updater';
import { NO_POLICY, type UpdatePolicy } from '../../src/main/core/updates/policy';
import { UpdateController } from '../../src/main/core/updates/update-controller';
import { mkdtemp } from 'node:fs/promises';
import { ProxySignIn } from '../../src/main/core/network/proxy-sign-in';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localFeed } from '../support/update-feed';
import { DESKTOP_APP_HOST } from '../../src/shared/host';
import { auditScreen } from './support/audit';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/harness';

const installed: string[] = [];
const proxySignIn = new ProxySignIn();

/** Audits a section of the Settings sheet: the whole sheet wide, and at 820×520 scrolled to the section. */
async function auditSection(page: Page, section: Locator, name: string) {
  await auditScreen(page, name, 'wide');
  await page.setViewportSize({ width: 820, height: 520 });
  await section.scrollIntoViewIfNeeded();
  await auditScreen(page, name, 'narrow');
}

/** Perch 1.4.0 with a local generic feed offering 1.5.0, behind a system proxy: what the Electron host answers. */
function desktopOnLocalFeed(policy: UpdatePolicy = NO_POLICY) {
  const start = async () => {
    const feed = await localFeed();
    feed.publish('latest.yml', '1.5.0', 'Replies keep their formatting.\nThe tray counts faster.');
    const updates = new UpdateController({
      updater: new FeedUpdater({
        transport: createUndiciTransport({ proxyFromEnv: false }),
        platform: 'win32',
        install: (version) => installed.push(version),
        fetchBytes: async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()),
      }),
      currentVersion: '1.4.0',
      policy,
      feedUrl: feed.url,
      preferences: new JsonFile(join(await mkdtemp(join(tmpdir(), 'perch-e2e-updates-')), 'updates.json')),
      writes: { count: () => 0, drain: async () => {} },
      clock: systemClock,
    });
    await updates.start();
    return desktopHandlers(updates, {
      currentVersion: '1.4.0',
      network: async () => ({
        proxySource: 'system' as const,
        proxy: 'PROXY proxy.corp.example:8080',
        certificates: 'system' as const,
      }),
      proxySignIn,
      host: DESKTOP_APP_HOST,
    });
  };
  return { start };
}

test.describe('an update on the feed', () => {
  test.use({ desktop: desktopOnLocalFeed() });

  test('Settings shows it with its notes, downloads on consent, and the window offers Restart', async ({
    page,
    perch,
  }) => {
    await page.goto(perch.host.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const updates = settings.getByRole('group', { name: 'Updates' });
    await expect(updates.getByRole('status')).toHaveText('Perch 1.5.0 is available.');
    await expect(updates.getByRole('region', { name: 'What is new in 1.5.0' })).toContainText(
      'The tray counts faster.',
    );
    await auditSection(page, updates, 'settings-updates');

    const network = settings.getByRole('group', { name: 'Network' });
    // The system's answer in words, not its PAC syntax.
    await expect(network).toContainText('Proxy: proxy.corp.example:8080, as the system’s settings say.');
    await expect(network).not.toContainText('PROXY');
    await expect(network).toContainText('Certificates: those your system trusts.');
    await auditSection(page, network, 'settings-network');

    await updates.getByRole('button', { name: 'Download' }).click();
    await expect(updates.getByRole('status')).toHaveText('Perch 1.5.0 is ready: restart to use it.');
    await settings.getByRole('button', { name: 'Done' }).click();
    const line = page.getByRole('status').filter({ hasText: 'Update ready' });
    await expect(line).toBeVisible();
    await auditScreen(page, 'update-ready');
    await line.getByRole('button', { name: 'Restart' }).click();
    await expect.poll(() => installed).toEqual(['1.5.0']);
  });

  test('in Russian', async ({ page, perch }) => {
    await perch.accounts.handlers['settings:update']({ locale: 'ru' });
    await page.goto(perch.host.url);
    await page.getByRole('button', { name: 'Настройки' }).click();
    const settings = page.getByRole('dialog', { name: 'Настройки' });
    const updates = settings.getByRole('group', { name: 'Обновления' });
    await expect(updates.getByRole('status')).toHaveText('Доступен Perch 1.5.0.');
    await auditSection(page, updates, 'settings-updates-ru');
    const network = settings.getByRole('group', { name: 'Сеть' });
    await expect(network).toContainText('Сертификаты: те, которым доверяет система.');
    await auditSection(page, network, 'settings-network-ru');
  });
});

test.describe('a proxy that asks for a password', () => {
  test.use({ desktop: desktopOnLocalFeed() });

  test('is asked in a dialog, and the answer goes to the proxy', async ({ page, perch }) => {
    const answer = proxySignIn.ask({ host: 'proxy.corp.example', port: 3128, realm: 'Corp' });
    await page.goto(perch.host.url);
    const dialog = page.getByRole('dialog', { name: 'Sign in to the proxy' });
    await expect(dialog).toContainText('proxy.corp.example:3128');
    await auditScreen(page, 'proxy-sign-in');
    await dialog.getByLabel('User name').fill('agent');
    await dialog.getByLabel('Password').fill('pa55');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    expect(await answer).toEqual({ username: 'agent', password: 'pa55' });
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('an administrator who pins the channel', () => {
  test.use({
    desktop: desktopOnLocalFeed({ ...NO_POLICY, source: '/etc/perch/perch-policy.json', channel: 'stable' }),
  });

  test('shows the channel as set by the administrator, not as a choice', async ({ page, perch }) => {
    await page.goto(perch.host.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    const updates = page.getByRole('dialog', { name: 'Settings' }).getByRole('group', { name: 'Updates' });
    await expect(updates).toContainText('Set by your administrator.');
    await expect(updates.getByRole('combobox', { name: 'Channel' })).toHaveCount(0);
  });
});
