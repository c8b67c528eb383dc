import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ElectronUpdater, type AutoUpdater } from '../../src/main/electron/updater';

// electron-builder.json as electron-builder reads it; the package it makes is checked in
// package-dry-run.test.ts.
const config = JSON.parse(readFileSync('electron-builder.json', 'utf8'));
const projectPackage = JSON.parse(readFileSync('package.json', 'utf8'));
const builderLib = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));

describe('packaging', () => {
  it("is valid against electron-builder's own schema", () => {
    const { validateSchema } = builderLib('./out/util/config/schemaValidator');
    const schema = builderLib('./scheme.json');
    expect(() => validateSchema(schema, structuredClone(config))).not.toThrow();
    // The same check refuses a misplaced option, so it is not passing everything.
    expect(() =>
      validateSchema(schema, { ...structuredClone(config), linux: { ...config.linux, oneClick: true } }),
    ).toThrow(/configuration\.linux/);
  });

  it('flips every fuse a security review expects, and re-signs a macOS app that nothing else signs', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      // Flipping a fuse breaks the binary's signature; Apple silicon refuses to start it unsigned.
      resetAdHocDarwinSignature: true,
    });
    expect(config.asar).toBe(true);
  });

  it('builds AppImage and deb, dmg and the zip the macOS updater installs from, and nsis, with the app icon', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg', 'zip']);
    expect(config.win.target).toEqual(['nsis']);
    for (const os of ['linux', 'mac', 'win']) expect(config[os].icon).toBe('resources/icon.png');
    expect(readFileSync('resources/icon.png').subarray(1, 4).toString()).toBe('PNG');
  });

  it('signs and notarizes from the environment, with nothing in the config that turns it off', () => {
    // CSC_LINK / CSC_KEY_PASSWORD (or CSC_NAME) choose the identity; APPLE_* notarize.
    expect(config.mac).not.toHaveProperty('identity');
    expect(config.mac).not.toHaveProperty('notarize');
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config).not.toHaveProperty('forceCodeSigning');
    expect(projectPackage.scripts['dist:release']).toContain('-c.forceCodeSigning=true');
  });

  it('updates through the assisted Windows installer silently: no wizard on every update', () => {
    expect(config.nsis).toMatchObject({ oneClick: false });
    const told: unknown[][] = [];
    const updater = { quitAndInstall: (...args: unknown[]) => void told.push(args) } as unknown as AutoUpdater;
    new ElectronUpdater(updater).install();
    // quitAndInstall(isSilent, isForceRunAfter)
    expect(told).toEqual([[true, true]]);
  });

  it("keeps electron-builder's default deb dependencies, with libsecret for the keychain", () => {
    const FpmTarget = builderLib('./out/targets/FpmTarget').default;
    const defaults: string[] = FpmTarget.prototype.getDefaultDepends.call({}, 'deb');
    expect(defaults.length).toBeGreaterThan(5);
    expect(config.deb.depends).toEqual(expect.arrayContaining([...defaults, 'libsecret-1-0']));
  });

  it('packs the modules npm installed, with no rebuild that needs a compiler or the network', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.asarUnpack).toContain('**/node_modules/keytar/**');
  });

  it("names the desktop entry after Electron's app id instead of overriding its window class", () => {
    // Reverse-DNS, as the Wayland GlobalShortcuts portal wants the app id (desktop-identity.test.ts).
    expect(projectPackage.desktopName).toBe(`${config.appId}.desktop`);
    expect(config.linux.syncDesktopName).toBe(true);
    expect(config.linux.executableName).toBe('perch');
    expect(config.linux.desktop?.entry?.StartupWMClass).toBeUndefined();
  });

  it('registers the perch: scheme at install, for links to conversations', () => {
    expect(config.protocols).toEqual([{ name: 'Perch link', schemes: ['perch'] }]);
  });

  it('publishes to the generic feed Perch checks', async () => {
    const { BUILD_FEED_URL } = await import('../../src/main/electron/desktop');
    expect(config.publish).toEqual([{ provider: 'generic', url: BUILD_FEED_URL, channel: 'latest' }]);
    expect(BUILD_FEED_URL).toMatch(/^https:\/\//);
  });
});
