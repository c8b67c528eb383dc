import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow, calls, electronState, resetElectronDouble } from '../support/electron-double';
import { WindowAttention } from '../../src/main/electron/window-attention';
import { mainWindowOptions } from '../../src/main/electron/window-options';
import { createMainWindow } from '../../src/main/electron/window';

beforeEach(() => resetElectronDouble());

/** The main window, and the double behind it to look at. */
function windowOf() {
  const window = createMainWindow('/preload.cjs', { startHidden: true });
  return { window, double: window as unknown as BrowserWindow };
}

describe("the escalation's OS steps", () => {
  it('flashes the taskbar button on Windows until cancelled', () => {
    const { window, double } = windowOf();
    const attention = new WindowAttention(window, 'win32');
    attention.request();
    expect(double.flashing).toBe(true);
    attention.cancel();
    expect(double.flashing).toBe(false);
    expect(calls.bounces).toEqual([]);
  });

  it('marks the window as asking for attention on Linux', () => {
    const { window, double } = windowOf();
    new WindowAttention(window, 'linux').request();
    expect(double.flashing).toBe(true);
  });

  it('bounces the Dock once, critically, on macOS, and cancels that bounce', () => {
    const { window, double } = windowOf();
    electronState.platform = 'darwin';
    const attention = new WindowAttention(window, 'darwin');
    attention.request();
    attention.request();
    expect(calls.bounces).toEqual([{ id: 1, type: 'critical', cancelled: false }]);
    attention.cancel();
    expect(calls.bounces[0]!.cancelled).toBe(true);
    expect(double.flashing).toBe(false);
  });

  it('brings a hidden or minimized window forward and focuses it', () => {
    const { window, double } = windowOf();
    double.minimized = true;
    new WindowAttention(window, 'linux').bringForward();
    expect([double.visible, double.focused, double.minimized]).toEqual([true, true, false]);
  });

  it('keeps playing sounds while hidden in the tray: the window is not throttled in the background', () => {
    const prefs = mainWindowOptions('/preload.cjs').webPreferences!;
    expect(prefs.backgroundThrottling).toBe(false);
    expect(prefs.autoplayPolicy).toBe('no-user-gesture-required');
  });
});
