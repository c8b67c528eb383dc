import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { memoryCredentialStore } from '../core/accounts/credentials';
import { logInsteadOfExiting } from '../core/log/last-resort';
import { createAccountsWithDemo } from '../demo/embedded-demo';
import { keepYoungGenerationSmall } from '../core/runtime/young-generation';
import { connectAccountsFromEnv } from './accounts-from-env';
import { startBrowserHost } from './host';
import { browserHostLog } from './log';

/**
 * `npm run host:browser`: Perch's core under plain Node with the renderer in any browser.
 * It starts like a first run (demo behind the welcome choice). With PERCH_ACCOUNTS (a JSON
 * array of {baseUrl, token, adminId, appId?}), or the one account of PERCH_BASE_URL,
 * PERCH_ADMIN_ID and PERCH_TOKEN (PERCH_APP_ID optional: the token names its application), it
 * connects those accounts at once; tokens are kept in memory for the run only.
 */
keepYoungGenerationSmall();
logInsteadOfExiting();
const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const env = process.env;

// A fresh folder each run unless PERCH_DATA_DIR keeps the demo, outbox and caches.
const dataDir = env.PERCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'perch-host-'));
// A development host: the log is printed as well as kept in `logs/perch.log` of the data folder.
const log = browserHostLog(dataDir, { mirror: true });
const hostLog = log.scope('browser-host');
const { accounts, close } = await createAccountsWithDemo({
  dataDir,
  credentials: memoryCredentialStore(),
  workspace: {
    // Shown here as the OS would show it; the log has its own line without the text.
    notifier: { show: (n) => console.log(`notification: ${n.title}: ${n.body}`) },
    openExternal: async (url) => hostLog.info('open externally', { url }),
    log,
  },
});
await accounts.start();
// Whatever goes wrong connecting them (a full disk, say), the host still starts and says why.
const problems = await connectAccountsFromEnv(accounts, env).catch((error: unknown) => [
  `the accounts of the environment could not be connected: ${(error as Error)?.message ?? String(error)}`,
]);
for (const problem of problems) hostLog.error('an account of the environment', { problem });
const host = await startBrowserHost({
  contract: accounts,
  rendererDir: resolve('out/renderer'),
  dataDir,
  port: Number(values.port),
  log: hostLog,
});
console.log(`Perch is running at ${host.url}`);

const stop = () => void Promise.all([host.close(), close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
