import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const config = JSON.parse(readFileSync('electron-builder.json', 'utf8'));

describe('packaging', () => {
  it('flips every fuse a security review expects', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  it('builds AppImage and deb, dmg and nsis with the app icon', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    for (const os of ['linux', 'mac', 'win']) expect(config[os].icon).toBe('resources/icon.png');
    expect(readFileSync('resources/icon.png').subarray(1, 4).toString()).toBe('PNG');
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
