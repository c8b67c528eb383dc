import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const config = JSON.parse(readFileSync('electron-builder.json', 'utf8'));

/**
 * On Wayland the desktop portals know an app by its desktop file's name: GNOME's
 * GlobalShortcuts portal silently refuses every shortcut of an app whose name is no reverse-DNS
 * ID or matches no installed desktop file. Electron takes the name from package.json's
 * `desktopName`; electron-builder names the installed file after it with `syncDesktopName`.
 */
describe("Perch's identity on the Linux desktop", () => {
  it('is a reverse-DNS ID, its app ID, and the name of the desktop file the packages install', () => {
    expect(pkg.desktopName).toMatch(/^[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)+\.desktop$/);
    expect(pkg.desktopName).toBe(`${config.appId}.desktop`);
    expect(config.linux.syncDesktopName).toBe(true);
    // electron-builder sets StartupWMClass from desktopName: another value would part windows from the entry.
    expect(config.linux.desktop?.entry?.StartupWMClass).toBeUndefined();
  });
});
