import { app, Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { join } from 'node:path';
import type { Translate } from '../shared/i18n';
import type { SyncHealth, UnreadTotals } from '../shared/inbox';
import type { Settings } from './core/settings';
import type { StatusIndicator } from './core/workspace';

type TrayIcon = 'idle' | 'unread' | 'offline';

function iconState(totals: UnreadTotals, health: SyncHealth): TrayIcon {
  if (health === 'offline' || health === 'signed-out') return 'offline';
  return totals.all > 0 ? 'unread' : 'idle';
}

export interface TrayActions {
  open(): void;
  quit(): void;
  pause(kind: 'hour' | 'tomorrow' | null): void;
  toggleQuietHours(): void;
  toggleStartAtLogin(): void;
}

/** The tray icon: its image, tooltip and (on macOS) title follow the unread totals. */
export class TrayIndicator implements StatusIndicator {
  private readonly tray: Tray;
  private readonly images: Record<TrayIcon, NativeImage>;
  private last = '';

  constructor(
    resourcesDir: string,
    private readonly t: Translate,
    private readonly actions: TrayActions,
  ) {
    const load = (name: TrayIcon) => nativeImage.createFromPath(join(resourcesDir, 'tray', `${name}.png`));
    this.images = { idle: load('idle'), unread: load('unread'), offline: load('offline') };
    this.tray = new Tray(this.images.idle);
    this.tray.setToolTip('Perch');
    // Where the platform reports clicks, a left click opens Perch; the menu works everywhere.
    this.tray.on('click', actions.open);
  }

  /** Rebuilt when settings change, so checkmarks and the pause state stay true. */
  setMenu(settings: Settings, now = Date.now()): void {
    const { t, actions } = this;
    const paused = settings.notifications.pausedUntil !== null && settings.notifications.pausedUntil > now;
    const template: MenuItemConstructorOptions[] = [
      { label: t('tray.open'), click: actions.open },
      { type: 'separator' },
      paused
        ? { label: t('tray.resumeNotifications'), click: () => actions.pause(null) }
        : {
            label: t('tray.pauseNotifications'),
            submenu: [
              { label: t('tray.pauseHour'), click: () => actions.pause('hour') },
              { label: t('tray.pauseTomorrow'), click: () => actions.pause('tomorrow') },
            ],
          },
      { label: t('tray.quietHours', { start: settings.notifications.quietHours.start, end: settings.notifications.quietHours.end }), type: 'checkbox', checked: settings.notifications.quietHours.enabled, click: actions.toggleQuietHours },
      { label: t('tray.startAtLogin'), type: 'checkbox', checked: settings.startAtLogin, click: actions.toggleStartAtLogin },
      { type: 'separator' },
      { label: t('tray.quit'), click: actions.quit },
    ];
    this.tray.setContextMenu(Menu.buildFromTemplate(template));
  }

  update({ totals, health }: { totals: UnreadTotals; health: SyncHealth }): void {
    const tooltip =
      health === 'signed-out' ? this.t('tray.signedOut') : health === 'offline' ? this.t('tray.offline') : this.t('tray.tooltip', { ...totals });
    const state = iconState(totals, health);
    const key = `${state}|${tooltip}`;
    if (key === this.last) return;
    this.last = key;
    this.tray.setImage(this.images[state]);
    this.tray.setToolTip(tooltip);
    if (process.platform === 'darwin') this.tray.setTitle(totals.all > 0 ? String(totals.all) : '');
    app.setBadgeCount(totals.all);
  }

  destroy(): void {
    this.tray.destroy();
  }
}
