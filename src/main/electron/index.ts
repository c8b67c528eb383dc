import { app, shell } from 'electron';
import { join } from 'node:path';
import { resolveLocale, translate, type Translate } from '../../shared/i18n';
import { EVENT_CHANNELS } from '../../shared/ipc/contract';
import { setupAttention } from './attention';
import { plainTokenFile, setupCredentials } from './credential-store-choice';
import { pauseUntil } from '../core/notification-policy';
import { logInsteadOfExiting } from '../core/last-resort';
import { createSessionsWithDemo, type RunningSandbox } from '../demo/embedded-demo';
import { applyDevSwitches } from './dev-switches';
import { SettingsStore } from '../core/settings';
import { handle, RendererEvents, trustedSender } from './ipc';
import { ElectronNotifier } from './notifications';
import { registerAppScheme, serveRenderer } from './protocol';
import { setupSecurity } from './security';
import { electronStoreBackend } from './settings-backend';
import { applyLoginItem, applyShortcut, rememberBounds } from './shell-settings';
import { TrayIndicator } from './tray';
import { createMainWindow, loadRenderer, showWindow, toggleWindow } from './window';
import { exposeTestHooks } from './test-hooks';
import { StateDamage } from '../core/storage/state-damage';
import { offerResetOrQuit } from './startup-failure';
import { keepYoungGenerationSmall } from '../core/young-generation';

/** Perch's main process: a flat list of steps, each owning one concern. */
keepYoungGenerationSmall();
logInsteadOfExiting();
const switches = applyDevSwitches();
const devServerUrl = switches.rendererUrl;

registerAppScheme();
if (!app.requestSingleInstanceLock()) app.quit();
else void main().catch(offerResetOrQuit);

async function main(): Promise<void> {
  await app.whenReady();
  if (process.platform === 'win32') app.setAppUserModelId('app.perch.desktop');
  setupSecurity(devServerUrl);
  serveRenderer(join(__dirname, '../renderer'));

  // Damaged state files found from here on are reported in the window, settings first.
  const damage = new StateDamage();
  const settings = new SettingsStore(await electronStoreBackend(damage.reporter('settings')));
  for (const problem of await settings.load()) console.warn(`perch: settings reset: ${problem}`);
  // The tray and notifications speak the language chosen in settings, read at each use.
  const locale = () => resolveLocale(settings.get().locale, app.getPreferredSystemLanguages());
  const t: Translate = (key, params) => translate(locale(), key, params);

  const startHidden = process.argv.includes('--hidden');
  const window = createMainWindow(join(__dirname, '../preload/index.cjs'), {
    bounds: settings.get().windowBounds,
    startHidden,
    devTools: switches.devTools,
  });
  const show = () => showWindow(window);
  rememberBounds(window, settings);
  const events = new RendererEvents(window);

  const tray = new TrayIndicator(
    t,
    {
      open: show,
      toggle: () => toggleWindow(window),
      quit: () => app.quit(),
      pause: (kind) =>
        void settings.update((s) => ({
          ...s,
          notifications: { ...s.notifications, pausedUntil: kind ? pauseUntil(kind, new Date()) : null },
        })),
      toggleQuietHours: () =>
        void settings.update((s) => ({
          ...s,
          notifications: {
            ...s.notifications,
            quietHours: { ...s.notifications.quietHours, enabled: !s.notifications.quietHours.enabled },
          },
        })),
      toggleStartAtLogin: () => void settings.update((s) => ({ ...s, startAtLogin: !s.startAtLogin })),
    },
    window,
  );
  // Window bounds are saved on every move: only changes to what the shell shows re-apply it.
  let applied = '';
  const applySettings = () => {
    const s = settings.get();
    const relevant = JSON.stringify([s.notifications, s.startAtLogin, s.startHidden, s.shortcut, s.locale]);
    if (relevant === applied) return;
    applied = relevant;
    tray.setMenu(s);
    applyLoginItem(s);
    applyShortcut(s, show);
  };
  applySettings();
  settings.events.on('changed', applySettings);

  const notifier = new ElectronNotifier(
    (accountId, conversationId) => {
      show();
      sessions.notificationClicked(accountId, conversationId);
    },
    {
      get placeholder() {
        return t('composer.placeholderReply');
      },
      // The account may be gone since the notification showed: the reply then opens Perch instead of vanishing.
      onReply: (accountId, conversationId, body) =>
        void sessions.handlers['conversation:reply'](accountId, { conversationId, body, kind: 'reply' }).catch(() =>
          show(),
        ),
    },
  );
  let demoSandbox: RunningSandbox | undefined;
  const { sessions, close: closeSessions } = await createSessionsWithDemo({
    dataDir: app.getPath('userData'),
    credentials: await setupCredentials(damage),
    damage,
    plainTokenFile: plainTokenFile(),
    settings,
    workspace: { notifier, indicator: tray, locale, openExternal: (url) => shell.openExternal(url) },
    systemLanguages: () => app.getPreferredSystemLanguages(),
    demo: { onDemo: (sandbox) => (demoSandbox = sandbox) },
  });

  // The window's page calls the contract as itself: what it opens is looked at while the window is seen.
  handle(
    sessions.pages.contractFor(window.webContents, {
      ...sessions.handlers,
      'app:ready': async () => {
        // A page being loaded anew gets no answer: the page that follows asks again.
        if (!events.markReady()) return new Promise<never>(() => {});
        return sessions.handlers['app:ready']();
      },
    }),
    trustedSender(window, devServerUrl),
  );
  for (const event of EVENT_CHANNELS) sessions.events.on(event, (payload) => events.send(event, payload as never));
  sessions.events.on('session:changed', (state) => notifier.keepAccounts(state.accounts.map((a) => a.id)));
  const stopAttention = setupAttention(window, sessions);

  app.on('second-instance', show);
  app.on('before-quit', () => {
    stopAttention();
    tray.destroy();
    void closeSessions();
  });

  await sessions.start();
  exposeTestHooks(switches.testHooks, { tray, notifier, sessions, sandbox: () => demoSandbox });
  await loadRenderer(window, devServerUrl);
}
