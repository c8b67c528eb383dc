import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { memoryCredentialStore } from '../../src/main/core/accounts/credentials';
import type { CredentialStore, StatusIndicator } from '../../src/main/core/ports';
import { createAccountsWithDemo } from '../../src/main/demo/embedded-demo';
import { QUICK_CADENCE } from './quick-cadence';

type DemoOptions = NonNullable<Parameters<typeof createAccountsWithDemo>[0]['demo']>;

/**
 * Perch's accounts as the app builds them, for tests: a small demo without simulator or
 * stream, quick polls, a plain token file the agent may agree to, in a folder of its own.
 */
export async function testAccounts(
  options: {
    dataDir?: string;
    credentials?: CredentialStore;
    prefix?: string;
    demo?: DemoOptions;
    indicator?: StatusIndicator;
  } = {},
) {
  const dir = options.dataDir ?? (await mkdtemp(join(tmpdir(), options.prefix ?? 'perch-accounts-')));
  const created = await createAccountsWithDemo({
    dataDir: dir,
    credentials: options.credentials ?? memoryCredentialStore(),
    plainTokenFile: join(dir, 'tokens.plain.json'),
    indicator: options.indicator,
    workspace: {
      notifier: new RecordingNotifier(),
      openExternal: async () => {},
      inboxIntervalMs: 100,
      cadence: QUICK_CADENCE,
      realtime: false,
    },
    demo: { simulatorIntervalMs: false, conversationsPerApp: 10, ...options.demo },
  });
  return { ...created, dir };
}
