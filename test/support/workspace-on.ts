import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from '../../src/main/core/ports';
import type { VisitorNotification } from '../../src/main/core/ports';
import type { Workspace } from '../../src/main/core/workspace/workspace';
import { createWorkspace } from '../../src/main/core/compose';
import type { WorkspaceOptions } from '../../src/main/core/workspace/workspace-options';
import type { RunningSandbox } from '../../src/sandbox/server';
import { connectionOn } from './sandbox';
import { QUICK_CADENCE } from './quick-cadence';
import { until } from './until';

/**
 * The pace of the app itself (its default intervals, cadence and realtime) instead of the quick
 * polls without realtime that `workspaceOn` uses unless told: spread it first, then override.
 */
export const APP_PACE = {
  realtime: undefined,
  inboxIntervalMs: undefined,
  partsIntervalMs: undefined,
  cadence: undefined,
} satisfies Partial<WorkspaceOptions>;

/** What tests run at unless told: polls every 100 ms, the quick cadence, no realtime stream (as on the platform). */
export const QUICK_PACE = {
  realtime: false,
  inboxIntervalMs: 100,
  cadence: QUICK_CADENCE,
} satisfies Partial<WorkspaceOptions>;

export interface WorkspaceOnOptions extends Partial<WorkspaceOptions> {
  /** Which of the sandbox's applications (the first unless told). */
  app?: number;
  /** The account's id, mode and address (the sandbox's own unless told): see `connectionOn`. */
  connection?: Parameters<typeof connectionOn>[1];
  /**
   * How far to go: 'synced' (the default) starts it and waits for the first sync to be healthy,
   * 'started' starts it only, false only builds it (to listen to its events from the start).
   */
  start?: 'synced' | 'started' | false;
}

export interface WorkspaceOn {
  workspace: Workspace;
  connection: Connection;
  /** The visitor notifications shown, when the test did not bring its own notifier. */
  notifications: VisitorNotification[];
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The third rung: one account's workspace on the sandbox (built as the app builds it, by
 * `createWorkspace`), in a data folder of its own, polling every 100 ms with the quick cadence
 * and no realtime stream (as on the platform), started and synced: what most core tests begin
 * with. Any workspace option overrides; `APP_PACE` brings back the app's own pace.
 */
export async function workspaceOn(sbx: RunningSandbox, options: WorkspaceOnOptions = {}): Promise<WorkspaceOn> {
  const { app, connection: connectionOptions, start = 'synced', ...overrides } = options;
  const connection = connectionOn(sbx, { app, ...connectionOptions });
  const notifications: VisitorNotification[] = [];
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'perch-workspace-')));
  const { workspace, close } = createWorkspace(connection, {
    notifier: { show: (n) => void notifications.push(n) },
    ...QUICK_PACE,
    partsIntervalMs: 100,
    openExternal: async () => {},
    ...overrides,
    dataDir,
  });
  if (start !== false) await workspace.start();
  if (start === 'synced') await until(() => workspace.inbox.health === 'ok', { what: 'the first sync' });
  return { workspace, connection, notifications, dataDir, close };
}
