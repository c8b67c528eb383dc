import { createRequire } from 'node:module';
import { join } from 'node:path';
import { app, net, Notification, session } from 'electron';
import { DESKTOP_APP_HOST } from '../../shared/host';
import type { Accounts } from '../core/accounts/accounts';
import { systemClock } from '../core/runtime/clock';
import { desktopHandlers, type DesktopHandlers } from '../core/desktop/desktop-handlers';
import type { Logger } from '../core/ports';
import { JsonFile } from '../core/storage/json-file';
import { outboxWrites } from '../core/updates/pending-writes';
import { loadUpdatePolicy, updatePolicyPaths } from '../core/updates/policy';
import { UpdateController } from '../core/updates/update-controller';
import type { UpdaterPort } from '../core/ports';
import type { HttpTransport, ProxyRoute } from '../core/ports';
import { createNetTransport, networkStateOf, type LoginAnswer } from './net-transport';
import { ProxySignIn } from '../core/network/proxy-sign-in';
import { askForProxySignIn, proxyLoginAnswer } from './proxy-login';
import { ElectronUpdater } from './updater';

/** The generic feed Perch's packages update from; electron-builder.json's `publish` names the same. */
export const BUILD_FEED_URL = 'https://updates.perch.app/desktop/';

/** Where Settings → Network asks the system which proxy it uses when no account is connected. */
const DEFAULT_API = 'https://api.carrotquest.io/';

export interface Desktop {
  /** The core's network: Chromium's, with the system's proxy and certificates. */
  transport: HttpTransport;
  /** The proxy the system names for an address (PAC included) and the agent's sign-in, for the realtime WebSocket. */
  proxy: ProxyRoute;
  handlers: DesktopHandlers;
  /** Starts the update checks once the accounts run; their outboxes are what a restart waits for. */
  start(accounts: Accounts): void;
  stop(): void;
}

/**
 * Perch as a desktop citizen: the network through Chromium's stack, and updates through
 * electron-updater on the generic feed, under the administrator's policy (core/updates).
 */
export async function setupDesktop(
  log: Logger,
  updaterFor: (login: LoginAnswer) => Promise<UpdaterPort | null>,
): Promise<Desktop> {
  const defaultSession = session.defaultSession;
  // One prompt for a proxy's password, whoever meets it first: the core, the updater or the window.
  const proxySignIn = new ProxySignIn();
  const login = proxyLoginAnswer(proxySignIn, log.scope('network'));
  askForProxySignIn(login);
  const policy = await loadUpdatePolicy(updatePolicyPaths(process.resourcesPath ?? '', process.platform));
  const updatesLog = log.scope('updates');
  if (policy.source) updatesLog.info('update policy', { damaged: policy.damaged, enabled: policy.enabled ?? true });
  let accounts: Accounts | null = null;
  const updates = new UpdateController({
    updater: await updaterFor(login),
    currentVersion: app.getVersion(),
    policy,
    feedUrl: BUILD_FEED_URL,
    preferences: new JsonFile(join(app.getPath('userData'), 'updates.json')),
    writes: outboxWrites(() => accounts?.running.list().map((r) => r.workspace.outbox) ?? []),
    clock: systemClock,
    log: updatesLog,
  });
  const firstAccountUrl = () => accounts?.state().accounts.find((a) => a.mode === 'account')?.baseUrl ?? DEFAULT_API;
  return {
    transport: createNetTransport((options) => net.request({ ...options, session: defaultSession }), { login }),
    proxy: { resolve: (url) => defaultSession.resolveProxy(url), credentials: proxySignIn },
    handlers: desktopHandlers(updates, {
      currentVersion: app.getVersion(),
      network: () => networkStateOf(defaultSession, firstAccountUrl()),
      proxySignIn,
      host: { ...DESKTOP_APP_HOST, nativeNotifications: Notification.isSupported() },
    }),
    start(running) {
      accounts = running;
      updates.events.on('changed', (state) => running.events.emit('updates:changed', state));
      proxySignIn.events.on('ask', (prompt) => running.events.emit('network:proxy-sign-in', prompt));
      void updates.start();
    },
    stop: () => updates.stop(),
  };
}

/** electron-updater's updater in a packaged build; none while developing (it has no feed there). */
export async function packagedUpdater(login: LoginAnswer): Promise<UpdaterPort | null> {
  if (!app.isPackaged) return null;
  // CommonJS, with `autoUpdater` a getter: an ES import cannot see it (Node finds a CommonJS
  // package's names without running it), so electron-updater is required.
  const { autoUpdater } = createRequire(import.meta.url)('electron-updater') as typeof import('electron-updater');
  // Its downloads are net.requests of its own: a proxy's password is asked through the same prompt.
  // electron-updater passes Electron's own callback on, which cancels when called with nothing.
  autoUpdater.on('login', (authInfo, callback) => login(authInfo, callback as Parameters<LoginAnswer>[1]));
  return new ElectronUpdater(autoUpdater);
}
