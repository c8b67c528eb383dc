import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { memoryCredentialStore } from '../../src/main/core/accounts/credentials';
import type { CredentialStore, StatusIndicator } from '../../src/main/core/ports';
import type { DesktopHandlers } from '../../src/main/core/desktop/desktop-handlers';
import type { StateDamage } from '../../src/main/core/storage/state-damage';
import type { WorkspaceOptions } from '../../src/main/core/workspace/workspace-options';
import { createAccountsWithDemo } from '../../src/main/demo/embedded-demo';
import { QUICK_PACE } from './workspace-on';

type DemoOptions = NonNullable<Parameters<typeof createAccountsWithDemo>[0]['demo']>;

export interface AccountsOnOptions {
  dataDir?: string;
  /** The name of the data folder made when none is given. */
  prefix?: string;
  credentials?: CredentialStore;
  /** Where a token may be kept in plain text (`tokens.plain.json` in the data folder unless told); false: nowhere. */
  plainTokenFile?: string | false;
  damage?: StateDamage;
  indicator?: StatusIndicator;
  /** The host's updates and network for Settings (default: none, as the browser host has). */
  desktop?: DesktopHandlers;
  demo?: DemoOptions;
  /** Over the workspace options of `QUICK_PACE`; `APP_PACE` brings back the app's own pace. */
  workspace?: Partial<Omit<WorkspaceOptions, 'dataDir'>>;
  /** Start them (the demo's workspace runs), as the app does before showing the window. */
  start?: boolean;
}

/**
 * The fourth rung: Perch's accounts as the app builds them (`createAccountsWithDemo`), whose
 * workspaces run at the pace of `workspaceOn` (QUICK_PACE) unless told: a small demo without
 * simulator or stream, a plain token file the agent may agree to, in a folder of their own.
 * Tests connect them to a sandbox as the agent or PERCH_ACCOUNTS would.
 */
export async function accountsOn(options: AccountsOnOptions = {}) {
  const dir = options.dataDir ?? (await mkdtemp(join(tmpdir(), options.prefix ?? 'perch-accounts-')));
  const plainTokenFile = options.plainTokenFile ?? join(dir, 'tokens.plain.json');
  const created = await createAccountsWithDemo({
    dataDir: dir,
    credentials: options.credentials ?? memoryCredentialStore(),
    ...(plainTokenFile ? { plainTokenFile } : {}),
    ...(options.damage ? { damage: options.damage } : {}),
    indicator: options.indicator,
    ...(options.desktop ? { desktop: options.desktop } : {}),
    workspace: {
      notifier: new RecordingNotifier(),
      openExternal: async () => {},
      ...QUICK_PACE,
      ...options.workspace,
    },
    demo: { simulatorIntervalMs: false, conversationsPerApp: 10, ...options.demo },
  });
  if (options.start) await created.accounts.start();
  return { ...created, dir };
}
