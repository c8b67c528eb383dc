import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  app,
  autoUpdater,
  BrowserWindow,
  electronState,
  net,
  powerMonitor,
  resetElectronDouble,
} from '../support/electron-double';
import { PageAttention, type ShownConversation } from '../../src/main/core/attention/page-attention';
import { setupAttention } from '../../src/main/electron/attention';
import { createMainWindow, loadRenderer, toggleWindow } from '../../src/main/electron/window';

beforeEach(() => resetElectronDouble());

describe('window and attention', () => {
  it('hides to the tray on close, and closes for real when quitting', () => {
    const window = createMainWindow('/preload.cjs') as unknown as BrowserWindow;
    window.show();
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    // Quitting asks every window to close: this time it does.
    app.quit();
    expect(window.isDestroyed()).toBe(true);
    expect(app.quitted).toBe(true);
  });

  it('a load a newer navigation took over is no failure; a page that cannot load still is', async () => {
    const window = createMainWindow('/p.cjs', { startHidden: true }) as unknown as BrowserWindow;
    const loading = loadRenderer(window as never);
    // The page is loaded anew (RendererEvents' reload) before the first load finished.
    window.webContents.reload();
    await expect(loading).resolves.toBeUndefined();
    window.webContents.failNextLoad = { code: 'ERR_FILE_NOT_FOUND', errno: -6 };
    await expect(loadRenderer(window as never)).rejects.toMatchObject({ code: 'ERR_FILE_NOT_FOUND' });
  });

  it('lets "Restart to update" through: the updater closes the windows before before-quit', () => {
    const window = createMainWindow('/preload.cjs') as unknown as BrowserWindow;
    window.show();
    autoUpdater.quitAndInstall();
    expect(window.isDestroyed()).toBe(true);
    expect(app.quitted).toBe(true);
    expect(autoUpdater.installed).toBe(true);
  });

  it('macOS: a click on the Dock icon brings back the window closed to the tray', () => {
    electronState.platform = 'darwin';
    const window = createMainWindow('/preload.cjs') as unknown as BrowserWindow;
    window.show();
    window.close();
    expect(window.isVisible()).toBe(false);
    app.clickDockIcon();
    expect(window.isVisible() && window.isFocused()).toBe(true);
  });

  it('Windows: logging off quits Perch its own way, so before-quit saves what is pending', () => {
    electronState.platform = 'win32';
    const window = createMainWindow('/preload.cjs') as unknown as BrowserWindow;
    window.show();
    let flushed = false;
    app.on('before-quit', () => (flushed = true));
    app.endSession(['logoff']);
    // Electron terminates the process after session-end unless a quit began in it.
    expect(app.terminated).toBe(false);
    expect(flushed).toBe(true);
    expect(window.isDestroyed()).toBe(true);
  });

  it('starts hidden when asked, shown otherwise', () => {
    const hidden = createMainWindow('/p.cjs', { startHidden: true }) as unknown as BrowserWindow;
    hidden.emit('ready-to-show');
    expect(hidden.isVisible()).toBe(false);
    const shown = createMainWindow('/p.cjs') as unknown as BrowserWindow;
    shown.emit('ready-to-show');
    expect(shown.isVisible()).toBe(true);
  });

  it('feeds focus to the page model, and sleep, power and network changes to the workspace', async () => {
    vi.useFakeTimers();
    const seen: Record<string, unknown>[] = [];
    const shown: (ShownConversation | null)[] = [];
    let returned = 0;
    const setAttention = (c: Record<string, unknown>) => void seen.push(c);
    const pages = new PageAttention({ setAttention, setShown: (s) => void shown.push(s) });
    const accounts = { setAttention, networkReturned: () => void (returned += 1), pages };
    const window = new BrowserWindow({});
    const stop = setupAttention(window as never, accounts);
    window.focus();
    window.show();
    // The window's page opened a conversation: it is looked at; a page loading anew shows none.
    pages.showing(window.webContents, { accountId: 'demo', conversationId: '5' });
    expect(shown.at(-1)).toEqual({ accountId: 'demo', conversationId: '5' });
    window.webContents.emit('did-start-loading');
    expect(shown.at(-1)).toBeNull();
    window.hide();
    powerMonitor.emit('suspend');
    powerMonitor.emit('resume');
    powerMonitor.emit('on-battery');
    net.online = false;
    vi.advanceTimersByTime(5000);
    net.online = true;
    vi.advanceTimersByTime(5000);
    stop();
    vi.useRealTimers();
    expect(seen.filter((c) => 'windowFocused' in c)).toEqual([
      { windowFocused: false, windowVisible: false },
      { windowFocused: true, windowVisible: true },
      { windowFocused: false, windowVisible: false },
    ]);
    expect(seen).toContainEqual({ suspended: true });
    expect(seen).toContainEqual({ suspended: false });
    expect(seen).toContainEqual({ onBattery: true });
    expect(returned).toBe(1);
  });

  it('toggles the window from the tray: forward when hidden, away when in front', () => {
    const window = new BrowserWindow({});
    toggleWindow(window as never);
    expect(window.isVisible() && window.isFocused()).toBe(true);
    toggleWindow(window as never);
    expect(window.isVisible()).toBe(false);
  });
});
