// Packs Perch for Linux as `npm run dist` does, downloading nothing, and writes what came out
// to <output>/report.json (checked by test/electron/package-dry-run.test.ts):
//   node scripts/package-dry-run.mjs <output folder>
// Three stand-ins keep it offline and short:
// - electronDist is a folder laid out like Electron's Linux zip (electron-builder copies a folder
//   that holds no electron-v*.zip as an unpacked Electron instead of downloading one); its
//   `electron` is a small file holding the fuse wire, which @electron/fuses flips as in the real one.
// - The deb target stops where it would call fpm (electron-builder's `effectiveOptionComputed`
//   hook), after writing app-update.yml and the desktop entry; fpm itself would be downloaded.
// - The AppImage's desktop entry comes from its target class: building the image downloads
//   the AppImage tools.
// `out/` must have been built (`npm run build`).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const projectDir = resolve(import.meta.dirname, '..');
const builderLib = createRequire(require.resolve('app-builder-lib/package.json'));

/** Where @electron/fuses finds the fuse wire in an Electron binary. */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Every fuse the opposite of Perch's choice, so each flip shows (1 on, 0 off; V1 wire, 8 fuses). */
export const STAND_IN_FUSES = '10110001';

function standInElectron(dir) {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  writeFileSync(join(dir, 'locales', 'en-US.pak'), '');
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, STAND_IN_FUSES.length]),
    Buffer.from(STAND_IN_FUSES),
  ]);
  writeFileSync(
    join(dir, 'electron'),
    Buffer.concat([Buffer.from('#!/bin/sh\n# stand-in Electron\n# '), wire, Buffer.from('\n')]),
  );
  chmodSync(join(dir, 'electron'), 0o755);
  return dir;
}

export async function packageDryRun(output) {
  if (!existsSync(join(projectDir, 'out', 'main', 'index.js')))
    throw new Error('out/ is not built: run `npm run build` first');
  const { build, Platform, Arch } = require('electron-builder');
  const { default: AppImageTarget } = builderLib('./out/targets/appimage/AppImageTarget');
  const { LinuxTargetHelper } = builderLib('./out/targets/LinuxTargetHelper');
  const report = { output, appOutDir: join(output, 'linux-unpacked') };
  await build({
    projectDir,
    targets: Platform.LINUX.createTarget('deb', Arch.x64),
    publish: 'never',
    config: {
      electronDist: standInElectron(join(output, 'electron-dist')),
      directories: { output },
      afterPack: async ({ packager, outDir }) => {
        report.executableName = packager.executableName;
        report.appImageDesktopEntry = await new AppImageTarget(null, packager, new LinuxTargetHelper(packager), outDir)
          .desktopEntry.value;
      },
    },
    effectiveOptionComputed: async ([fpmArgs, desktopFile]) => {
      report.debFpmArgs = fpmArgs;
      report.debDesktopEntry = readFileSync(desktopFile, 'utf8');
      return true; // stop before fpm
    },
  });
  if (!report.debDesktopEntry) throw new Error('the deb target never reached fpm: nothing was checked');
  return report;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const output = resolve(process.argv[2] ?? 'dist-dry-run');
  const report = await packageDryRun(output);
  writeFileSync(join(output, 'report.json'), JSON.stringify(report, null, 2));
}
