import { app, Menu, nativeImage, Tray, type NativeImage } from 'electron';
import { join } from 'node:path';
import type { Translate } from '../shared/i18n';
import type { SyncHealth, UnreadTotals } from '../shared/inbox';
import type { StatusIndicator } from './core/workspace';

type TrayIcon = 'idle' | 'unread' | 'offline';

function iconState(totals: UnreadTotals, health: SyncHealth): TrayIcon {
  if (health === 'offline' || health === 'signed-out') return 'offline';
  return totals.all > 0 ? 'unread' : 'idle';
}

/** The tray icon: its image, tooltip and (on macOS) title follow the unread totals. */
export class TrayIndicator implements StatusIndicator {
  private readonly tray: Tray;
  private readonly images: Record<TrayIcon, NativeImage>;
  private last = '';

  constructor(
    resourcesDir: string,
    private readonly t: Translate,
    actions: { open(): void; quit(): void },
  ) {
    const load = (name: TrayIcon) => nativeImage.createFromPath(join(resourcesDir, 'tray', `${name}.png`));
    this.images = { idle: load('idle'), unread: load('unread'), offline: load('offline') };
    this.tray = new Tray(this.images.idle);
    this.tray.setToolTip('Perch');
    this.tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: t('tray.open'), click: actions.open },
        { type: 'separator' },
        { label: t('tray.quit'), click: actions.quit },
      ]),
    );
    this.tray.on('click', actions.open);
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
