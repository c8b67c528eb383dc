import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createWorkspace, startEmbeddedSandbox, type Connection } from '../core/session';
import { RecordingNotifier, startBrowserHost } from './host';

/**
 * `npm run host:browser`: Perch's core under plain Node with the renderer in any browser.
 * With PERCH_BASE_URL, PERCH_APP_ID, PERCH_ADMIN_ID and PERCH_TOKEN it uses that account;
 * otherwise the embedded sandbox.
 */
const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const env = process.env;

let connection: Connection;
let stopSandbox = async () => {};
if (env.PERCH_BASE_URL && env.PERCH_TOKEN && env.PERCH_APP_ID && env.PERCH_ADMIN_ID) {
  connection = { mode: 'account', baseUrl: env.PERCH_BASE_URL, token: env.PERCH_TOKEN, appId: Number(env.PERCH_APP_ID), adminId: Number(env.PERCH_ADMIN_ID) };
} else {
  const embedded = await startEmbeddedSandbox();
  connection = embedded.connection;
  stopSandbox = embedded.sandbox.close;
}

const notifier = new RecordingNotifier();
// The demo workspace starts fresh each run; an account keeps its outbox in PERCH_DATA_DIR.
const dataDir = env.PERCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'perch-host-'));
const { workspace, close } = createWorkspace(connection, {
  dataDir,
  notifier: {
    show: (n) => {
      notifier.show(n);
      console.log(`notification: ${n.title}: ${n.body}`);
    },
  },
  openExternal: async (url) => console.log(`open externally: ${url}`),
});
await workspace.start();
const host = await startBrowserHost({ workspace, rendererDir: resolve('out/renderer'), port: Number(values.port) });
console.log(`Perch is running at ${host.url}`);

const stop = () => void Promise.all([host.close(), close(), stopSandbox()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
