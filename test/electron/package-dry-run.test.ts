import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUSE_SENTINEL, STAND_IN_FUSES } from '../../scripts/package-dry-run.mjs';

// The Linux package as `npm run dist` makes it, made offline by scripts/package-dry-run.mjs.
const asar = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'))(
  '@electron/asar',
) as typeof import('@electron/asar');
const config = JSON.parse(readFileSync('electron-builder.json', 'utf8'));
const projectPackage = JSON.parse(readFileSync('package.json', 'utf8'));

interface DryRunReport {
  appOutDir: string;
  executableName: string;
  appImageDesktopEntry: string;
  debDesktopEntry: string;
  debFpmArgs: string[];
}

let output: string;
let report: DryRunReport;
let resources: string;
let archive: string;
let inArchive: Set<string>;

beforeAll(async () => {
  output = mkdtempSync(join(tmpdir(), 'perch-dist-'));
  // Nothing here may load Electron's own package (its install downloads the binary).
  const env = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(output, 'no-electron') };
  await promisify(execFile)(process.execPath, ['scripts/package-dry-run.mjs', output], {
    env,
    timeout: 60_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  report = JSON.parse(readFileSync(join(output, 'report.json'), 'utf8'));
  resources = join(report.appOutDir, 'resources');
  archive = join(resources, 'app.asar');
  inArchive = new Set(asar.listPackage(archive, { isPack: false }).map((p) => p.replaceAll('\\', '/')));
}, 90_000);
afterAll(() => rmSync(output, { recursive: true, force: true }));

/** The packages the built main process imports at run time: not bundled, not Node's, not Electron. */
function runtimeImports(): string[] {
  const main = readFileSync('out/main/index.js', 'utf8');
  const statics = main.matchAll(/^import\b[^;]*?["']([^"']+)["'];?$/gm);
  const dynamics = main.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g);
  // CommonJS packages whose names Node's ESM loader cannot see are required (createRequire(…)("x")).
  const required = main.matchAll(
    /\brequire\(\s*["']([^"']+)["']\s*\)|createRequire\([^)]*\)\(\s*["']([^"']+)["']\s*\)/g,
  );
  const packageName = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*/;
  const names = [...statics, ...dynamics, ...[...required].map((m) => [m[0], m[1] ?? m[2]] as RegExpMatchArray)]
    .map((m) => m[1]!)
    .filter((s) => !s.startsWith('node:') && s !== 'electron' && packageName.test(s))
    .map((s) => packageName.exec(s)![0]);
  return [...new Set(names)].sort();
}

/** Node's lookup inside the archive: `from`'s own node_modules, then each parent's. */
function resolveInArchive(name: string, from: string): string | null {
  for (let dir = from; ; dir = posix.dirname(dir)) {
    const candidate = posix.join(dir, 'node_modules', name);
    if (inArchive.has(posix.join(candidate, 'package.json'))) return candidate;
    if (dir === '/') return null;
  }
}

const readPackage = (dir: string) =>
  JSON.parse(asar.extractFile(archive, posix.join(dir, 'package.json').slice(1)).toString());

describe('the packaged app', () => {
  it('holds the built main, preload and renderer, and package.json naming its entry', () => {
    for (const file of ['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/package.json'])
      expect(inArchive, file).toContain(file);
    const packaged = readPackage('/');
    expect(inArchive).toContain(posix.join('/', packaged.main));
    expect(packaged).toMatchObject({ productName: 'Perch', desktopName: projectPackage.desktopName });
  });

  it('holds every package the main process imports at run time, with what each of them requires', () => {
    const imports = runtimeImports();
    // What the bundle leaves to node_modules today; a new one is checked the same way.
    expect(imports).toEqual(expect.arrayContaining(['electron-store', 'electron-updater', 'keytar']));
    const missing: string[] = [];
    const seen = new Set<string>();
    const visit = (name: string, from: string) => {
      const dir = resolveInArchive(name, from);
      if (!dir) return void missing.push(`${name} (required from ${from})`);
      if (seen.has(dir)) return;
      seen.add(dir);
      for (const dependency of Object.keys(readPackage(dir).dependencies ?? {})) visit(dependency, dir);
    };
    for (const name of imports) visit(name, '/');
    expect(missing).toEqual([]);
    expect(seen.size).toBeGreaterThan(imports.length);
  });

  // keytar's install script fetches or compiles its module; an install without scripts has none.
  const keytarBuilt = existsSync('node_modules/keytar/build/Release/keytar.node');
  if (!keytarBuilt)
    console.warn('SKIPPED: node_modules/keytar/build/Release/keytar.node is missing (npm rebuild keytar builds it)');
  it.skipIf(!keytarBuilt)(
    "leaves keytar's native module outside the archive, where it can be loaded, as built, not rebuilt",
    () => {
      const unpacked = join(`${archive}.unpacked`, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node');
      expect(existsSync(unpacked)).toBe(true);
      expect(asar.statFile(archive, 'node_modules/keytar/build/Release/keytar.node')).toMatchObject({ unpacked: true });
      // npmRebuild is off: the N-API module is the one npm installed.
      expect(readFileSync(unpacked).equals(readFileSync('node_modules/keytar/build/Release/keytar.node'))).toBe(true);
    },
  );

  it('tells electron-updater the feed Perch publishes to, and how it was installed', async () => {
    const { BUILD_FEED_URL } = await import('../../src/main/electron/desktop');
    const updateConfig = readFileSync(join(resources, 'app-update.yml'), 'utf8');
    expect(updateConfig).toContain('provider: generic');
    expect(updateConfig).toContain(`url: ${BUILD_FEED_URL}`);
    expect(updateConfig).toContain('channel: latest');
    expect(readFileSync(join(resources, 'package-type'), 'utf8')).toBe('deb');
  });

  it('flips the fuses in the packaged binary as electron-builder.json says', () => {
    const binary = readFileSync(join(report.appOutDir, report.executableName));
    const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
    const wire = binary.subarray(at + 2, at + 2 + STAND_IN_FUSES.length).toString();
    const order = [
      'runAsNode',
      'enableCookieEncryption',
      'enableNodeOptionsEnvironmentVariable',
      'enableNodeCliInspectArguments',
      'enableEmbeddedAsarIntegrityValidation',
      'onlyLoadAppFromAsar',
      'loadBrowserProcessSpecificV8Snapshot',
      'grantFileProtocolExtraPrivileges',
    ];
    const expected = order
      .map((fuse, i) =>
        config.electronFuses[fuse] === undefined ? STAND_IN_FUSES[i] : config.electronFuses[fuse] ? '1' : '0',
      )
      .join('');
    expect(wire).toBe(expected);
    expect(wire).not.toBe(STAND_IN_FUSES);
  });
});

/** The desktop entry's keys, as a map. */
function entry(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/**
 * The app id Electron gives its windows on Linux (WM_CLASS on X11, app_id on Wayland): the
 * package's desktopName without `.desktop`, else its name made into a file name
 * (electron/lib/browser/init.ts and desktop-name.ts).
 */
function electronAppId(pkg: { desktopName?: string; productName?: string; name: string }): string {
  const slug = (pkg.productName ?? pkg.name)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (pkg.desktopName ?? `${slug}.desktop`).replace(/\.desktop$/, '');
}

describe('the Linux desktop entries', () => {
  it("match Electron's window class, so the dock groups Perch's window under its icon", () => {
    const appId = electronAppId(projectPackage);
    expect(entry(report.debDesktopEntry).StartupWMClass).toBe(appId);
    expect(entry(report.appImageDesktopEntry).StartupWMClass).toBe(appId);
    // Installed under the name Electron registers perch: links with (CHROME_DESKTOP).
    expect(report.debFpmArgs.filter((arg) => arg.includes('=/usr/share/applications/'))).toEqual([
      expect.stringMatching(new RegExp(`=/usr/share/applications/${appId}\\.desktop$`)),
    ]);
  });

  it('claim perch: links in the deb and in the AppImage', () => {
    for (const text of [report.debDesktopEntry, report.appImageDesktopEntry])
      expect(entry(text).MimeType?.split(';')).toContain('x-scheme-handler/perch');
    expect(entry(report.debDesktopEntry).Exec).toBe(`/opt/Perch/${report.executableName} %U`);
    expect(entry(report.appImageDesktopEntry).Exec).toMatch(/^AppRun .*%U$/);
  });
});
