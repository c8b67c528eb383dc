import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    serveRenderer('/srv/perch/renderer', '/srv/perch/data');
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

  it('serves index.html with the first screen kept in the data folder drawn into it, its names escaped', async () => {
    const rendererDir = await mkdtemp(join(tmpdir(), 'perch-renderer-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-data-'));
    await writeFile(join(rendererDir, 'index.html'), '<html lang="en"><body><div id="root"></div></body></html>');
    serveRenderer(rendererDir, dataDir);
    const handler = calls.protocolHandlers.get('perch')!;
    const page = () => (handler(new Request('perch://app/')) as Promise<Response>).then((r) => r.text());
    expect(await page()).toBe('<html lang="en"><body><div id="root"></div></body></html>');
    await mkdir(dataDir, { recursive: true });
    const screen = {
      lang: 'ru',
      theme: 'dark',
      nodes: [{ tag: 'bdi', attrs: { class: 'name' }, children: ['<script>alert(1)</script>'] }],
    };
    await writeFile(join(dataDir, 'first-screen.json'), JSON.stringify(screen));
    const served = await page();
    expect(served).toContain('<html lang="ru" data-theme="dark">');
    expect(served).toContain('<div id="first-screen" class="first-screen" inert aria-busy="true"');
    expect(served).toContain('<bdi class="name">&lt;script&gt;alert(1)&lt;/script&gt;</bdi>');
    expect(served).not.toContain('<script>');
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
