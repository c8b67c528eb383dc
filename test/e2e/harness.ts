import { expect, test as base } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RecordingNotifier, startBrowserHost, type BrowserHost } from '../../src/main/browser-host/host';
import { memoryCredentialStore, refusingStore } from '../../src/main/core/accounts/credentials';
import { createAccountsWithDemo } from '../../src/main/demo/embedded-demo';
import { browserHostLog } from '../../src/main/browser-host/log';
import type { Accounts } from '../../src/main/core/accounts/accounts';
import type { SettingsStore } from '../../src/main/core/settings/settings';
import type { Workspace } from '../../src/main/core/workspace/workspace';
import type { DesktopHandlers } from '../../src/main/core/desktop/desktop-handlers';
import type { ConversationRecord } from '../../src/sandbox/model';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { UnreadTotals } from '../../src/shared/inbox';

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
 * Each test gets the whole product: Perch's accounts with the demo server on 127.0.0.1, the
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
  /** The host's updates and network for Settings (default: none, as the browser host has). */
  desktop: [undefined, { option: true }],
  // Any uncaught error in the page fails the test, whatever it asserted.
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
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
    },
    use,
  ) => {
    const notifier = new RecordingNotifier();
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-e2e-'));
    if (!firstRun) await writeFile(join(dataDir, 'account.json'), JSON.stringify({ welcomed: true }));
    const indicator: Perch['indicator'] = [];
    const opened: string[] = [];
    let sandbox: RunningSandbox | undefined;
    // The log as the browser host keeps it: `logs/perch.log` in the data folder.
    const log = browserHostLog(dataDir);
    const { accounts, settings, close } = await createAccountsWithDemo({
      dataDir,
      credentials: secureStorage ? memoryCredentialStore() : refusingStore,
      indicator: { update: (summary) => indicator.push(summary) },
      plainTokenFile: join(dataDir, 'tokens.plain.json'),
      desktop: await desktop?.start(),
      workspace: {
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
        simulatorIntervalMs: false,
        realtime: realtimeStream,
        // Realtime counts as live from its first ping: the platform's 10 s would be each test's wait.
        realtimePingMs: 500,
        faults: { latencyMs: sandboxLatencyMs },
        ...(conversationsPerApp ? { conversationsPerApp, persist: false } : {}),
        onDemo: (started) => (sandbox = started),
      },
    });
    await accounts.start();
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
