import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFile, checkLinks } from './plain-node/built';

/**
 * The built main process as Electron loads it: an ES module under Node's own loader, with
 * `electron` giving exactly the names Electron's main process exports. Vitest's interop
 * forgives what that loader refuses, so this runs in a child `node` (plain-node/link-check.mjs).
 */
describe('the built main process under plain Node', () => {
  it('loads and links every module, and every name it takes from a package at run time exists', async () => {
    const folder = dirname(builtFile('main/index.js'));
    const report = await checkLinks(folder);
    expect(report.failures).toEqual([]);
    expect(report.checked.modules).toContain(join(process.cwd(), folder, 'index.js'));
    // The updater is the one CommonJS package read at run time by name.
    expect(report.checked.runtime.map((use) => use.specifier)).toContain('electron-updater');
  });

  it('the check refuses a name Electron or a CommonJS package does not export to ES modules', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'perch-link-check-'));
    writeFileSync(
      join(folder, 'a.js'),
      'import { app, notAnElectronModule } from "electron";\nexport { app, notAnElectronModule };\n',
    );
    writeFileSync(
      join(folder, 'b.js'),
      'export async function u() { const { autoUpdater } = await import("electron-updater"); return autoUpdater; }\n',
    );
    writeFileSync(join(folder, 'package.json'), '{ "type": "module" }');
    const report = await checkLinks(folder);
    expect(report.failures.map((f) => f.error)).toEqual([
      expect.stringContaining("does not provide an export named 'notAnElectronModule'"),
      'import("electron-updater") has no autoUpdater',
    ]);
  });
});
