import { beforeEach, describe, expect, it } from 'vitest';
import {
  app,
  BrowserWindow,
  dialog,
  globalShortcut,
  nativeImage,
  net,
  Notification,
  protocol,
  resetElectronDouble,
  session,
  Tray,
} from '../support/electron-double';
import { registerAppScheme } from '../../src/main/electron/protocol';
import { applyDevSwitches } from '../../src/main/electron/dev-switches';
import { DeepLinks } from '../../src/main/electron/deep-links';

beforeEach(() => resetElectronDouble());

/**
 * The double is as strict as Electron 45 where Perch could go wrong: what needs the browser
 * process throws before `ready`, what configures Chromium throws after it.
 */
describe('the Electron double', () => {
  it('throws where Electron throws before ready, and lets index.ts do its first-tick steps', async () => {
    resetElectronDouble({ ready: false });
    // index.ts, before ready: the scheme, the sandbox and menu, the links the OS hands over.
    registerAppScheme();
    applyDevSwitches('linux', {});
    new DeepLinks([]);
    expect(() => new BrowserWindow({})).toThrow('Cannot create BrowserWindow before app is ready');
    expect(() => new Tray(nativeImage.createEmpty())).toThrow('Cannot create Tray before app is ready');
    expect(() => new Notification({ title: 't', body: 'b' })).toThrow('Cannot create Notification before app is ready');
    expect(() => protocol.handle('perch', () => new Response(''))).toThrow(TypeError);
    expect(() => session.defaultSession).toThrow('Session can only be received when app is ready');
    expect(() => globalShortcut.register('Ctrl+P', () => {})).toThrow('before the app is ready');
    expect(() => net.request({ url: 'https://example.com/' })).toThrow(
      'net module can only be used after app is ready',
    );
    await expect(dialog.showMessageBox({})).rejects.toThrow('dialog module');

    await app.whenReady();
    expect(app.isReady()).toBe(true);
    expect(() => registerAppScheme()).toThrow('should be called before app is ready');
    expect(() => app.enableSandbox()).toThrow('before app is ready');
    expect(new BrowserWindow({})).toBeInstanceOf(BrowserWindow);
  });

  it('reads raw pixels as Skia N32 (BGRA) and PNG as what it says', () => {
    const rgbaBlue = Buffer.from([47, 109, 246, 255]);
    expect(nativeImage.createFromBitmap(rgbaBlue, { width: 1, height: 1 }).colorAt(0, 0)).toEqual([246, 109, 47, 255]);
    const raw = nativeImage.createEmpty();
    raw.addRepresentation({ scaleFactor: 1, width: 1, height: 1, buffer: rgbaBlue });
    expect(raw.colorAt(0, 0)).toEqual([246, 109, 47, 255]);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    expect(nativeImage.createFromBuffer(png).getSize()).toEqual({ width: 1, height: 1 });
  });

  it('quits in Electron’s order: before-quit, then every window closes, and a window that refuses cancels it', () => {
    const order: string[] = [];
    const window = new BrowserWindow({});
    app.on('before-quit', () => order.push('before-quit'));
    let refuse = true;
    window.on('close', (event: { preventDefault(): void }) => {
      order.push('close');
      if (refuse) event.preventDefault();
    });
    app.on('will-quit', () => order.push('will-quit'));
    app.quit();
    expect(order).toEqual(['before-quit', 'close']);
    expect(app.quitting).toBe(false);
    refuse = false;
    app.quit();
    expect(order.slice(2)).toEqual(['before-quit', 'close', 'will-quit']);
    expect(app.quitted).toBe(true);
    expect(() => window.close()).toThrow('Object has been destroyed');
  });

  it('rejects a load that a reload took over, as Electron does with ERR_ABORTED', async () => {
    const window = new BrowserWindow({});
    const load = window.loadURL('perch://app/index.html');
    window.webContents.reload();
    await expect(load).rejects.toMatchObject({ code: 'ERR_ABORTED', errno: -3 });
    await expect(window.loadURL('perch://app/index.html')).resolves.toBeUndefined();
  });
});
