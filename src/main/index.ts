import { app, shell } from 'electron';
import { join } from 'node:path';
import { resolveConnection } from './connection';
import { createWorkspace } from './core/session';
import { handle, RendererEvents, trustedSender } from './ipc';
import { ElectronNotifier } from './notifications';
import { registerAppScheme, serveRenderer } from './protocol';
import { setupSecurity } from './security';
import { TrayIndicator } from './tray';
import { createMainWindow, loadRenderer, showWindow } from './window';
import { pickLocale, translator } from '../shared/i18n';
import { EVENT_CHANNELS } from '../shared/ipc/contract';

/** Perch's main process: a flat list of steps, each owning one concern. */
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const resourcesDir = app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');

registerAppScheme();
if (!app.requestSingleInstanceLock()) app.quit();
else void main();

async function main(): Promise<void> {
  await app.whenReady();
  if (process.platform === 'win32') app.setAppUserModelId('app.perch.desktop');
  setupSecurity(devServerUrl);
  serveRenderer(join(__dirname, '../renderer'));

  const window = createMainWindow(join(__dirname, '../preload/index.cjs'));
  const events = new RendererEvents(window);
  const { connection, stop: stopConnection } = await resolveConnection();
  const locale = pickLocale(app.getPreferredSystemLanguages());
  const tray = new TrayIndicator(resourcesDir, translator(locale), { open: () => showWindow(window), quit: () => app.quit() });
  const notifier = new ElectronNotifier((conversationId) => {
    showWindow(window);
    session.workspace.notificationClicked(conversationId);
  });
  const session = createWorkspace(connection, { notifier, indicator: tray, locale, dataDir: app.getPath('userData'), openExternal: (url) => shell.openExternal(url) });

  const { handlers } = session.workspace;
  handle({ ...handlers, 'app:ready': async () => { events.markReady(); return handlers['app:ready'](); } }, trustedSender(window, devServerUrl));
  for (const event of EVENT_CHANNELS) session.workspace.events.on(event, (payload) => events.send(event, payload as never));

  app.on('second-instance', () => showWindow(window));
  app.on('before-quit', () => {
    tray.destroy();
    void session.close().then(stopConnection);
  });

  await session.workspace.start();
  await loadRenderer(window, devServerUrl);
}
