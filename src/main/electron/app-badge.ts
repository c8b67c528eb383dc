import { app, type BrowserWindow } from 'electron';
import type { AppBadge } from '../../shared/badge';
import type { BadgeIndicator } from '../core/ports';
import { trayImage } from './tray';

/**
 * The app's badge where each OS shows one: the Dock's text on macOS ("7", "99+", "•", "2!"),
 * the taskbar overlay on Windows, the launcher's count on Linux (numbers only there). What to
 * show is decided by `badgeOf` (src/shared/badge.ts); this only draws it.
 */
export class AppBadgeIndicator implements BadgeIndicator {
  private last: string | null = null;

  constructor(
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly window: () => BrowserWindow | null = () => null,
  ) {}

  show(badge: AppBadge): void {
    const key = `${badge.label}|${badge.count}`;
    if (key === this.last) return;
    this.last = key;
    if (this.platform === 'darwin') return void app.dock?.setBadge(badge.label);
    if (this.platform === 'win32') {
      const window = this.window();
      if (!window || window.isDestroyed()) return;
      const state = badge.reconnect ? 'signed-out' : badge.count > 0 ? 'needs-you' : 'unread';
      window.setOverlayIcon(badge.label ? trayImage(state, badge.count) : null, badge.label);
      return;
    }
    app.setBadgeCount(badge.count);
  }
}
