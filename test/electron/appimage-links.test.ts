import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LINUX_DESKTOP_FILE, registerLinkScheme } from '../../src/main/electron/deep-links';
import { app, calls, resetElectronDouble } from '../support/electron-double';

// An AppImage is a packaged Perch.
beforeEach(() => {
  resetElectronDouble();
  app.isPackaged = true;
});

describe('perch: links from an AppImage', () => {
  const appImage = '/home/agent/Apps/Perch 1.2.AppImage';

  it('installs a desktop entry for the AppImage where it runs from, and registers it for perch: links', async () => {
    const dataHome = await mkdtemp(join(tmpdir(), 'perch-xdg-'));
    registerLinkScheme({ platform: 'linux', env: { APPIMAGE: appImage, XDG_DATA_HOME: dataHome } });
    const written = await readFile(join(dataHome, 'applications', LINUX_DESKTOP_FILE), 'utf8');
    expect(written.split('\n')).toEqual(
      expect.arrayContaining([
        '[Desktop Entry]',
        'Exec="/home/agent/Apps/Perch 1.2.AppImage" %U',
        'MimeType=x-scheme-handler/perch;',
        'StartupWMClass=app.perch.desktop',
      ]),
    );
    expect(calls.protocolClients).toEqual([['perch']]);
  });

  it("is named as the deb's entry and Electron's app id, from package.json's desktopName", async () => {
    const { desktopName } = JSON.parse(await readFile('package.json', 'utf8'));
    expect(LINUX_DESKTOP_FILE).toBe(desktopName);
  });

  it('writes nothing where Perch was installed, or on other systems', async () => {
    const dataHome = await mkdtemp(join(tmpdir(), 'perch-xdg-'));
    registerLinkScheme({ platform: 'linux', env: { XDG_DATA_HOME: dataHome } });
    registerLinkScheme({ platform: 'win32', env: { APPIMAGE: appImage, XDG_DATA_HOME: dataHome } });
    await expect(readdir(dataHome)).resolves.toEqual([]);
    expect(calls.protocolClients).toHaveLength(2);
  });

  it('still registers the scheme when the entry cannot be written, and says why', async () => {
    const warnings: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) } as never;
    const notAFolder = join(await mkdtemp(join(tmpdir(), 'perch-xdg-')), 'file');
    await writeFile(notAFolder, '');
    registerLinkScheme({ platform: 'linux', env: { APPIMAGE: appImage, XDG_DATA_HOME: notAFolder }, log });
    expect(warnings[0]?.[0]).toMatch(/desktop entry/);
    expect(calls.protocolClients).toEqual([['perch']]);
  });
});
