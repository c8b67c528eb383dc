import { replyDraftSchema } from '../../shared/ipc/channels/conversation';
import { app, shell } from 'electron';
import { resolveLocale, translate, type Translate } from '../../shared/i18n';
import { EVENT_CHANNELS } from '../../shared/ipc/contract';
import { setupAttention } from './attention';
import { plainTokenFile, setupCredentials } from './credential-store-choice';
import { pauseUntil } from '../../shared/quiet-hours';
import { createAccountsWithDemo, type RunningSandbox } from '../demo/embedded-demo';
import { SettingsStore } from '../core/settings/settings';
import { handle, RendererEvents, trustedSender } from './ipc';
import { ElectronNotifier } from './notifications';
import { doNotDisturbReader } from './do-not-disturb';
import { AppBadgeIndicator } from './app-badge';
import { serveRenderer } from './protocol';
import { setupSecurity } from './security';
import { electronStoreBackend } from './settings-backend';
import { applyLoginItem, followZoom, openedHiddenAtLogin, rememberBounds, shortcutBinder } from './shell-settings';
import { applySpellLanguages, setupContextMenu } from './context-menu';
import { spellLanguagesFor } from '../../shared/spelling';
import { TrayIndicator } from './tray';
import { TrayHost } from './tray-host';
import { createMainWindow, loadRenderer, showWindow, toggleWindow } from './window';
import { exposeTestHooks } from './test-hooks';
import { WindowAttention } from './window-attention';
import { actOnNotification } from '../core/notifications/actions';
import { setupLog } from './log';
import { DeepLinks, registerLinkScheme } from './deep-links';
import { holdQuitForAccounts } from './quit';
import { StateDamage } from '../core/storage/state-damage';
import { packagedUpdater, setupDesktop } from './desktop';

import type { CredentialStore } from '../core/ports';
import type { Accounts } from '../core/accounts/accounts';

/** What the entry point decides before Perch starts: where its files are, and the developer switches. */
export interface StartOptions {
  rendererDir: string;
  preloadPath: string;
  devServerUrl?: string;
  devTools: boolean;
  testHooks: boolean;
  startHidden: boolean;
  /** Links the OS handed Perch, from before it was ready (index.ts listens from the start). */
  deepLinks?: DeepLinks;
  /** Where the token is kept (setupCredentials: the OS keychain, else OS encryption). */
  credentials?: (damage: StateDamage) => Promise<CredentialStore>;
  /** Perch's updater (default: electron-updater in a packaged build, none otherwise). */
  updater?: typeof packagedUpdater;
}

/** The running app, for whoever started it (the entry point, or the composition test). */
export interface RunningPerch {
  accounts: Accounts;
  window: ReturnType<typeof createMainWindow>;
  tray: TrayIndicator;
  notifier: ElectronNotifier;
  demo: () => RunningSandbox | undefined;
}

/**
 * Perch's composition root, once Electron is ready: a flat list of steps, each owning one
 * concern. The entry point (index.ts) calls it; test/electron/composition.test.ts runs it
 * whole on the Electron double.
 */
export async function startPerch(options: StartOptions): Promise<RunningPerch> {
  const { devServerUrl } = options;
  if (process.platform === 'win32') app.setAppUserModelId('app.perch.desktop');
  setupSecurity(devServerUrl);
  serveRenderer(options.rendererDir, app.getPath('userData'));
  // Each part gets its scope of the one log; nothing imports a logger of its own.
  const log = setupLog(Boolean(devServerUrl) || options.devTools);
  const shellLog = log.scope('shell');
  log.scope('app').info('starting', { version: app.getVersion(), platform: process.platform });

  // Damaged state files found from here on are reported in the window, settings first.
  const damage = new StateDamage(log.scope('state'));
  const settings = new SettingsStore(await electronStoreBackend(damage.reporter('settings'), shellLog));
  for (const problem of await settings.load()) shellLog.warn('settings reset', { problem });
  // The tray and notifications speak the language chosen in settings, read at each use.
  const locale = () => resolveLocale(settings.get().locale, app.getPreferredSystemLanguages());
  const t: Translate = (key, params) => translate(locale(), key, params);

  const trayHost = new TrayHost();
  const window = createMainWindow(options.preloadPath, {
    hideOnClose: () => trayHost.shown(),
    bounds: settings.get().windowBounds,
    startHidden: options.startHidden || openedHiddenAtLogin(settings.get()),
    devTools: options.devTools,
  });
  const show = () => showWindow(window);
  rememberBounds(window, settings);
  const applyZoom = followZoom(window, settings, shellLog);
  setupContextMenu(window.webContents, t);
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
  let appliedView = '';
  const applyShortcut = shortcutBinder(show, shellLog);
  const applySettings = () => {
    const s = settings.get();
    const spelling = spellLanguagesFor(s.spellLanguages, locale());
    const view = JSON.stringify([s.zoomPercent, spelling]);
    if (view !== appliedView) {
      appliedView = view;
      applyZoom();
      applySpellLanguages(window.webContents.session, spelling, { log: shellLog });
    }
    const relevant = JSON.stringify([s.notifications, s.startAtLogin, s.startHidden, s.shortcut, s.locale]);
    if (relevant === applied) return;
    applied = relevant;
    tray.setMenu(s);
    applyLoginItem(s, { log: shellLog });
    applyShortcut(s);
  };
  applySettings();
  settings.events.on('changed', applySettings);

  const notificationLog = log.scope('notifications');
  const notifier = new ElectronNotifier(
    (accountId, conversationId) => {
      show();
      accounts.notificationClicked(accountId, conversationId);
    },
    {
      get placeholder() {
        return t('composer.placeholderReply');
      },
      // The account may be gone since the notification showed: the reply then opens Perch instead of vanishing.
      // Checked like the window's own replies (the same schema), so an overlong reply is refused, not queued.
      onReply: (accountId, conversationId, body) => {
        const draft = replyDraftSchema.safeParse({ conversationId, body, kind: 'reply' });
        if (!draft.success) return show();
        void accounts.handlers['conversation:reply'](accountId, draft.data).catch(() => show());
      },
    },
    process.platform,
    // The kind's action, the same as the window's; a button refused, or an account gone since the
    // notification showed, opens Perch instead.
    (pressed) => void actOnNotification(accounts, pressed, notificationLog).catch(() => show()),
  );
  // Requests go through Chromium's network (system proxy, OS certificates); updates follow the policy.
  const desktop = await setupDesktop(log, options.updater ?? packagedUpdater);
  let demoSandbox: RunningSandbox | undefined;
  const { accounts, close: closeAccounts } = await createAccountsWithDemo({
    dataDir: app.getPath('userData'),
    credentials: await (options.credentials ?? setupCredentials)(damage, log.scope('credentials')),
    damage,
    plainTokenFile: plainTokenFile(),
    settings,
    workspace: {
      notifier,
      locale,
      openExternal: (url) => shell.openExternal(url),
      log,
      transport: desktop.transport,
      proxy: desktop.proxy,
    },
    desktop: desktop.handlers,
    indicator: tray,
    systemLanguages: () => app.getPreferredSystemLanguages(),
    doNotDisturb: doNotDisturbReader(),
    badge: new AppBadgeIndicator(process.platform, () => window),
    attentionRequests: new WindowAttention(window),
    demo: { onDemo: (sandbox) => (demoSandbox = sandbox) },
  });

  // The window's page calls the contract as itself: what it opens is looked at while the window is seen.
  handle(
    accounts.pages.contractFor(window.webContents, {
      ...accounts.handlers,
      'app:ready': async () => {
        // A page being loaded anew gets no answer: the page that follows asks again.
        if (!events.markReady()) return new Promise<never>(() => {});
        return accounts.handlers['app:ready']();
      },
    }),
    trustedSender(window, devServerUrl),
    undefined,
    log.scope('ipc'),
  );
  for (const event of EVENT_CHANNELS) accounts.events.on(event, (payload) => events.send(event, payload as never));
  accounts.events.on('account:changed', (state) => notifier.keepAccounts(state.accounts.map((a) => a.id)));
  notifier.onRefused((reason) => {
    shellLog.warn('the system refused a notification', { reason });
    accounts.alerts.notificationRefused(reason);
  });
  const stopAttention = setupAttention(window, accounts);

  holdQuitForAccounts(
    () => {
      desktop.stop();
      stopAttention();
      tray.destroy();
    },
    closeAccounts,
    shellLog,
  );

  await accounts.start();
  notifier.handleActivations(show);
  // A second start shows the window; a link in it (or from macOS) opens its conversation once accounts run.
  registerLinkScheme({ log: shellLog });
  (options.deepLinks ?? new DeepLinks([])).attach((link) => {
    show();
    if (link) accounts.openLink(link);
  });
  desktop.start(accounts);
  exposeTestHooks(options.testHooks, { tray, notifier, accounts, sandbox: () => demoSandbox });
  await loadRenderer(window, devServerUrl, shellLog);
  return { accounts, window, tray, notifier, demo: () => demoSandbox };
}
