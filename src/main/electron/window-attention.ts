import { app, type BrowserWindow } from 'electron';
import type { AttentionRequests } from '../core/ports';
import { showWindow } from './window';

/**
 * The escalation's OS steps for the main window: the Dock bounces until Perch is active
 * (macOS, "critical"), the taskbar button flashes (Windows) or the window is marked as asking
 * for attention (Linux) until cancelled; and the window comes forward. The ladder decides when.
 */
export class WindowAttention implements AttentionRequests {
  private bounce: number | null = null;

  constructor(
    private readonly window: BrowserWindow,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  request(): void {
    if (this.window.isDestroyed()) return;
    if (this.platform === 'darwin' && app.dock) {
      if (this.bounce === null) this.bounce = app.dock.bounce('critical');
    } else this.window.flashFrame(true);
  }

  cancel(): void {
    if (this.window.isDestroyed()) return;
    if (this.platform === 'darwin' && app.dock) {
      if (this.bounce !== null) app.dock.cancelBounce(this.bounce);
      this.bounce = null;
    } else this.window.flashFrame(false);
  }

  bringForward(): void {
    if (!this.window.isDestroyed()) showWindow(this.window);
  }
}
