import { expect, test as base } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAccountsFromEnv } from '../../../src/main/browser-host/accounts-from-env';
import { RecordingNotifier, startBrowserHost, type BrowserHost } from '../../../src/main/browser-host/host';
import type { Accounts } from '../../../src/main/core/accounts/accounts';
import type { RunningSandbox } from '../../../src/sandbox/server';
import type { UnreadTotals } from '../../../src/shared/inbox';
import { accountsOn } from '../../support/accounts';
import { CountingTransport, sandbox } from '../../support/sandbox';
import { APP_PACE } from '../../support/workspace-on';

/**
 * Two applications of the platform at once: the sandbox's two apps, connected through the
 * browser host's PERCH_ACCOUNTS, polled without a stream, with the real renderer in Chromium.
 */
export interface TwoAccounts {
  platform: RunningSandbox;
  accounts: Accounts;
  host: BrowserHost;
  notifier: RecordingNotifier;
  transport: CountingTransport;
  tray: { totals: UnreadTotals; health: string }[];
  accountIds: [string, string];
}

export const test = base.extend<{ two: TwoAccounts }>({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'uncaught errors in the renderer').toEqual([]);
  },
  two: async ({}, use) => {
    const platform = await sandbox({ conversationsPerApp: 12 });
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-e2e-accounts-'));
    await writeFile(join(dataDir, 'account.json'), JSON.stringify({ welcomed: true }));
    const notifier = new RecordingNotifier();
    const transport = new CountingTransport();
    const tray: TwoAccounts['tray'] = [];
    const { accounts, close } = await accountsOn({
      dataDir,
      plainTokenFile: false,
      indicator: { update: (summary) => void tray.push(summary) },
      workspace: { ...APP_PACE, notifier, transport, inboxIntervalMs: 400, partsIntervalMs: 300, realtime: false },
      demo: { conversationsPerApp: 5, persist: false },
      start: true,
    });
    const logins = platform.info.apps.map((app) => ({
      baseUrl: platform.info.baseUrl,
      token: app.token,
      adminId: app.adminId,
    }));
    expect(await connectAccountsFromEnv(accounts, { PERCH_ACCOUNTS: JSON.stringify(logins) })).toEqual([]);
    const ids = accounts.state().accounts.map((a) => a.id) as [string, string];
    const host = await startBrowserHost({ contract: accounts, rendererDir: resolve('out/renderer') });
    await use({ platform, accounts, host, notifier, transport, tray, accountIds: ids });
    await host.close();
    await close();
    await transport.close();
    await platform.close();
  },
});
