import { test as base } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RecordingNotifier, startBrowserHost, type BrowserHost } from '../../src/main/browser-host/host';
import { createWorkspace, startEmbeddedSandbox } from '../../src/main/core/session';
import type { Workspace } from '../../src/main/core/workspace';
import type { ConversationRecord } from '../../src/sandbox/model';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { UnreadTotals } from '../../src/shared/inbox';

export interface Perch {
  sandbox: RunningSandbox;
  workspace: Workspace;
  notifier: RecordingNotifier;
  host: BrowserHost;
  adminId: number;
  appId: number;
  /** Links the core was asked to open in the browser, after validation. */
  opened: string[];
  /** What the tray would show: every update the core sent to its status indicator. */
  indicator: { totals: UnreadTotals; health: string }[];
}

/**
 * Each test gets the whole product: a sandbox on 127.0.0.1, the real core polling it, and the
 * built renderer served by the browser host. No simulator: tests write as visitors themselves.
 */
export const test = base.extend<{ perch: Perch }>({
  perch: async ({}, use) => {
    const { sandbox, connection } = await startEmbeddedSandbox({ seed: 11, simulatorIntervalMs: false });
    const notifier = new RecordingNotifier();
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-e2e-'));
    const indicator: Perch['indicator'] = [];
    const opened: string[] = [];
    const session = createWorkspace(connection, { notifier, dataDir, indicator: { update: (state) => indicator.push(state) }, openExternal: async (url) => void opened.push(url), inboxIntervalMs: 400, partsIntervalMs: 300 });
    await session.workspace.start();
    const host = await startBrowserHost({ workspace: session.workspace, rendererDir: resolve('out/renderer') });
    await use({ sandbox, workspace: session.workspace, notifier, host, adminId: connection.adminId, appId: connection.appId, indicator, opened });
    await host.close();
    await session.close();
    await sandbox.close();
  },
});

/** An open conversation of the signed-in application that lists show (it has a visitor message). */
export function openConversation(perch: Perch, test: (c: ConversationRecord) => boolean = () => true): ConversationRecord {
  const found = [...perch.sandbox.store.conversations.values()].find((c) => c.appId === perch.appId && !c.closed && c.userReplies > 0 && !c.assistantType && test(c));
  if (!found) throw new Error('the demo data has no such conversation');
  return found;
}

export { expect } from '@playwright/test';
