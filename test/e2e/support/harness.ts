import { expect, test as base } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RecordingNotifier, startBrowserHost, type BrowserHost } from '../../../src/main/browser-host/host';
import { memoryCredentialStore, refusingStore } from '../../../src/main/core/accounts/credentials';
import { browserHostLog } from '../../../src/main/browser-host/log';
import type { Accounts } from '../../../src/main/core/accounts/accounts';
import type { SettingsStore } from '../../../src/main/core/settings/settings';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import { desktopHandlers, NODE_NETWORK, type DesktopHandlers } from '../../../src/main/core/desktop/desktop-handlers';
import { DESKTOP_APP_HOST } from '../../../src/shared/host';
import type { ConversationRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import type { UnreadTotals } from '../../../src/shared/inbox';
import { accountsOn } from '../../support/accounts';
import { APP_PACE } from '../../support/workspace-on';

export interface Perch {
  /** The demo server of the current session (replaced if the test switches workspaces). */
  sandbox: RunningSandbox;
  accounts: Accounts;
  /** The agent's settings as main keeps them. */
  settings: SettingsStore;
  /** The current workspace. */
  workspace: Workspace;
  notifier: RecordingNotifier;
  host: BrowserHost;
  adminId: string;
  appId: string;
  /** Links the core was asked to open in the browser, after validation. */
  opened: string[];
  /** What the tray would show: every update the core sent to its status indicator. */
  indicator: { totals: UnreadTotals; health: string }[];
}

/**
 * The top rung of the ladder (see test/README.md): each test gets the whole product, Perch's
 * accounts of `accountsOn` with the demo server on 127.0.0.1, the
 * real core polling it, and the built renderer served by the browser host. No simulator:
 * tests write as visitors themselves. `firstRun` starts at the welcome choice.
 */
export const test = base.extend<{
  perch: Perch;
  firstRun: boolean;
  conversationsPerApp: number | undefined;
  sandboxLatencyMs: number;
  secureStorage: boolean;
  realtimeStream: boolean;
  undoWindowMs: number | undefined;
  undoSendMs: number | 'setting';
  desktop: { start: () => Promise<DesktopHandlers> } | undefined;
  dataFiles: Record<string, string>;
  expectedPageErrors: string[];
}>({
  firstRun: [false, { option: true }],
  /** The demo's size: the default demo unless a test asks for a big inbox. */
  conversationsPerApp: [undefined, { option: true }],
  /** Latency of every sandbox answer from the start, for tests that watch something load. */
  sandboxLatencyMs: [0, { option: true }],
  /** False: a computer with no keychain, where a token is kept only in a plain file the agent agreed to. */
  secureStorage: [true, { option: true }],
  /** The demo's Realtime Services: off, so tests prove polling alone, unless a test of realtime turns them on. */
  realtimeStream: [false, { option: true }],
  /** How long a close, an assign away or a tag removal waits with Undo: Perch’s own unless a test needs the notice to stay. */
  undoWindowMs: [undefined, { option: true }],
  /** How long a reply waits with Undo send: none, so tests see replies land at once, unless a test is about it ('setting': the agent's setting, 5 s by default). */
  undoSendMs: [0, { option: true }],
  /** The host's updates, network and capabilities for Settings (default: the browser host's, none). */
  desktop: [undefined, { option: true }],
  /** Files in the data folder before Perch starts (name → text), for tests of what Perch finds there. */
  dataFiles: [{}, { option: true }],
  /** Messages of errors a test throws in the page on purpose. */
  expectedPageErrors: [[], { option: true }],
  // Any other uncaught error in the page fails the test, whatever it asserted.
  page: async ({ page, expectedPageErrors }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => {
      if (!expectedPageErrors.includes(error.message)) errors.push(error.message);
    });
    // Nor may any file the page asks for be missing (a 404 shows in the console as an error).
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
    await use(page);
    expect(errors, 'uncaught errors in the renderer').toEqual([]);
    expect(missing, 'requests of the page that failed').toEqual([]);
  },
  perch: async (
    {
      firstRun,
      conversationsPerApp,
      sandboxLatencyMs,
      secureStorage,
      realtimeStream,
      undoWindowMs,
      undoSendMs,
      desktop,
      dataFiles,
    },
    use,
  ) => {
    const notifier = new RecordingNotifier();
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-e2e-'));
    if (!firstRun) await writeFile(join(dataDir, 'account.json'), JSON.stringify({ welcomed: true }));
    for (const [name, text] of Object.entries(dataFiles)) await writeFile(join(dataDir, name), text);
    const indicator: Perch['indicator'] = [];
    const opened: string[] = [];
    let sandbox: RunningSandbox | undefined;
    // The log as the browser host keeps it: `logs/perch.log` in the data folder.
    const log = browserHostLog(dataDir);
    const { accounts, settings, close } = await accountsOn({
      dataDir,
      credentials: secureStorage ? memoryCredentialStore() : refusingStore,
      indicator: { update: (summary) => indicator.push(summary) },
      desktop: await desktop?.start(),
      workspace: {
        ...APP_PACE,
        notifier,
        openExternal: async (url) => void opened.push(url),
        inboxIntervalMs: 400,
        partsIntervalMs: 300,
        log,
        ...(undoWindowMs !== undefined && { undoWindowMs }),
        ...(undoSendMs !== 'setting' && { undoSendMs: () => undoSendMs }),
      },
      demo: {
        seed: 11,
        realtime: realtimeStream,
        // Realtime counts as live from its first ping: the platform's 10 s would be each test's wait.
        realtimePingMs: 500,
        faults: { latencyMs: sandboxLatencyMs },
        conversationsPerApp,
        ...(conversationsPerApp ? { persist: false } : {}),
        onDemo: (started) => (sandbox = started),
      },
      start: true,
    });
    const host = await startBrowserHost({
      contract: accounts,
      rendererDir: resolve('out/renderer'),
      log: log.scope('browser-host'),
      dataDir,
    });
    const account = accounts.workspace!.options.account;
    await use({
      get sandbox() {
        return sandbox!;
      },
      accounts,
      settings,
      get workspace() {
        return accounts.workspace!;
      },
      notifier,
      host,
      adminId: account.adminId,
      appId: account.appId,
      indicator,
      opened,
    });
    await host.close();
    await close();
  },
});

/** The host as the Electron app answers for itself: start at login, tray and global shortcut, no update feed. */
export const desktopApp = {
  start: async () =>
    desktopHandlers(null, { currentVersion: '1.0.0', network: async () => NODE_NETWORK, host: DESKTOP_APP_HOST }),
};

/** An open conversation of the signed-in application that lists show (it has a visitor message). */
export function openConversation(
  perch: Perch,
  test: (c: ConversationRecord) => boolean = () => true,
): ConversationRecord {
  const found = [...perch.sandbox.store.conversations.values()].find(
    (c) => c.appId === perch.appId && !c.closed && c.userReplies > 0 && !c.assistantType && test(c),
  );
  if (!found) throw new Error('the demo data has no such conversation');
  return found;
}

export { expect } from '@playwright/test';
