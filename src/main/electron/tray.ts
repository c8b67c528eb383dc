import { Menu, nativeImage, Tray, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import type { Translate } from '../../shared/i18n';
import { waitText } from '../../shared/wait';
import type { Settings } from '../core/settings/settings';
import {
  presentTray,
  sameTrayView,
  type TrayInput,
  type TrayState,
  type TrayView,
} from '../core/notifications/tray-presenter';
import type { StatusIndicator } from '../core/ports';
import { encodePng } from './png';
import { renderTrayIcon } from './tray-icon';

/** The icon's size at 1×; it is drawn again at each scale, so it stays sharp on any display. */
const ICON_SIZE = 16;
const SCALE_FACTORS = [1, 2, 3] as const;

/** The tooltip's lines after the counts: an account stale since when, and how long the longest visitor has waited. */
export function trayDetailLines(t: Translate, status: TrayInput): string[] {
  const lines: string[] = [];
  if (status.staleSince != null) {
    const at = new Date(status.staleSince);
    const time = `${at.getHours()}:${String(at.getMinutes()).padStart(2, '0')}`;
    lines.push(t('freshness.stale', { time }));
  }
  if (status.waitingSince != null) {
    const wait = waitText(t, Math.floor(Date.now() / 1000) - status.waitingSince);
    if (wait) lines.push(wait);
  }
  return lines;
}

export function trayImage(state: TrayState, count: number) {
  const image = nativeImage.createEmpty();
  for (const scaleFactor of SCALE_FACTORS) {
    const size = ICON_SIZE * scaleFactor;
    // PNG, not raw pixels: Electron reads raw bytes as BGRA and the blue tile would show orange.
    const png = encodePng(renderTrayIcon(state, count, size), size, size);
    image.addRepresentation({ scaleFactor, width: size, height: size, buffer: png });
  }
  return image;
}

export interface TrayActions {
  open(): void;
  /** A left click: show Perch, or hide it when it is already in front. */
  toggle(): void;
  quit(): void;
  pause(kind: 'hour' | 'tomorrow' | null): void;
  toggleQuietHours(): void;
  toggleStartAtLogin(): void;
}

/**
 * Draws what the core's tray presenter (`core/notifications/tray-presenter.ts`) decides from every account's
 * summary: the icon's state, the count (on the icon on Linux and Windows, as the title on
 * macOS), the tooltip, the dock badge and, on Windows, the taskbar overlay. Nothing is redrawn
 * when nothing changed.
 */
export class TrayIndicator implements StatusIndicator {
  private readonly tray: Tray;
  private drawn: TrayView | null = null;
  private lastInput: TrayInput | null = null;

  constructor(
    private readonly t: Translate,
    private readonly actions: TrayActions,
    private readonly window?: BrowserWindow,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {
    this.tray = new Tray(trayImage('idle', 0));
    this.tray.setToolTip('Perch');
    // Where the platform reports clicks, a left click toggles Perch; the menu works everywhere.
    this.tray.on('click', actions.toggle);
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
      {
        label: t('tray.quietHours', {
          start: settings.notifications.quietHours.start,
          end: settings.notifications.quietHours.end,
        }),
        type: 'checkbox',
        checked: settings.notifications.quietHours.enabled,
        click: actions.toggleQuietHours,
      },
      {
        label: t('tray.startAtLogin'),
        type: 'checkbox',
        checked: settings.startAtLogin,
        click: actions.toggleStartAtLogin,
      },
      { type: 'separator' },
      { label: t('tray.quit'), click: actions.quit },
    ];
    this.tray.setContextMenu(Menu.buildFromTemplate(template));
    // The tooltip is in the language of the settings too: a change of language redraws it.
    if (this.lastInput) this.update(this.lastInput);
  }

  update(input: TrayInput): void {
    this.lastInput = input;
    const view = presentTray(input, this.t, trayDetailLines(this.t, input));
    if (this.drawn && sameTrayView(this.drawn, view)) return;
    this.drawn = view;
    const { state, count, tooltip } = view;
    const mac = this.platform === 'darwin';
    this.tray.setImage(trayImage(state, mac ? 0 : count));
    this.tray.setToolTip(tooltip);
    if (mac) this.tray.setTitle(count > 0 ? String(count) : '');
  }

  get tooltip(): string {
    return this.drawn?.tooltip ?? 'Perch';
  }

  destroy(): void {
    this.tray.destroy();
  }
}
