import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpTransport } from '../../src/main/core/ports';
import type { VisitorNotification } from '../../src/main/core/ports';
import type { Workspace } from '../../src/main/core/workspace/workspace';
import { createWorkspace } from '../../src/main/core/compose';
import type { RunningSandbox } from '../../src/sandbox/server';
import { until } from './until';
import { QUICK_CADENCE } from './quick-cadence';

/**
 * One account's workspace on the sandbox's first application, polling quickly and with no
 * realtime stream (as on the platform), started and synced: what most core tests begin with.
 */
export async function workspaceOnSandbox(
  sbx: RunningSandbox,
  options: { transport?: HttpTransport; dataDir?: string; accountId?: string } = {},
): Promise<{ workspace: Workspace; close(): Promise<void>; notifications: VisitorNotification[]; dataDir: string }> {
  const app = sbx.info.apps[0]!;
  const notifications: VisitorNotification[] = [];
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'perch-workspace-')));
  const { workspace, close } = createWorkspace(
    {
      id: options.accountId ?? 'account-00000000000000b2',
      mode: 'account',
      baseUrl: sbx.info.baseUrl,
      appId: app.id,
      adminId: app.adminId,
      token: app.token,
    },
    {
      notifier: { show: (n) => void notifications.push(n) },
      transport: options.transport,
      realtime: false,
      inboxIntervalMs: 100,
      partsIntervalMs: 100,
      cadence: QUICK_CADENCE,
      dataDir,
      openExternal: async () => {},
    },
  );
  await workspace.start();
  await until(() => workspace.inbox.health === 'ok', { what: 'the first sync' });
  return { workspace, close, notifications, dataDir };
}
