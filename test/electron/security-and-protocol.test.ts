import { beforeEach, describe, expect, it } from 'vitest';
import { app, BrowserWindow, calls, resetElectronDouble, session } from '../support/electron-double';
import { registerAppScheme, serveRenderer } from '../../src/main/electron/protocol';
import { setupSecurity } from '../../src/main/electron/security';

beforeEach(() => resetElectronDouble());

describe('security', () => {
  it('allows only notifications, denies navigation away and opens only safe links outside', () => {
    setupSecurity();
    const allowed: boolean[] = [];
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-read'])
      session.defaultSession.permissionRequest!(null, permission, (ok: boolean) => allowed.push(ok));
    expect(allowed).toEqual([true, false, false, false]);
    const window = new BrowserWindow({});
    app.emit('web-contents-created', {}, window.webContents);
    const navigate = (url: string) => {
      let prevented = false;
      window.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('perch://app/index.html')).toBe(false);
    // Links to conversations are routed by main (deep-links.ts), never loaded into the window.
    expect(navigate('perch://open/demo/42')).toBe(true);
    expect(window.webContents.openHandler!({ url: 'https://docs.example/help' })).toEqual({ action: 'deny' });
    expect(window.webContents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(calls.openedExternally).toEqual(['https://docs.example/help']);
  });

  it('serves the renderer from perch://app and refuses paths outside it', async () => {
    serveRenderer('/srv/perch/renderer');
    const handler = calls.protocolHandlers.get('perch')!;
    expect(await (handler(new Request('perch://app/assets/app.js')) as Promise<Response>).then((r) => r.text())).toBe(
      'fetched file:///srv/perch/renderer/assets/app.js',
    );
    // Climbing out is impossible: the path is normalized from the root and stays inside it.
    const escaped = await (handler(new Request('perch://app/..%2f..%2fetc%2fpasswd')) as Promise<Response>).then((r) =>
      r.text(),
    );
    expect(escaped).toBe('fetched file:///srv/perch/renderer/etc/passwd');
    expect((handler(new Request('perch://evil/index.html')) as Response).status).toBe(403);
  });

  it('registers perch:// like https, streamable for <audio>, with its compiled scripts kept between starts', () => {
    // In the main script's first tick: Electron refuses it once ready.
    resetElectronDouble({ ready: false });
    registerAppScheme();
    expect(calls.schemes).toEqual([
      {
        scheme: 'perch',
        // Media elements read their source in ranges: without `stream` an alert sound may never play.
        privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
      },
    ]);
  });
});
