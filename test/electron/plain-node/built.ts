import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** What each part of the build is made from: a part older than any of it is not the code under test. */
const SOURCES: Record<string, string[]> = {
  main: ['src/main', 'src/shared'],
  preload: ['src/preload', 'src/shared'],
  renderer: ['src/renderer', 'src/shared'],
};
const CONFIG = ['package.json', 'electron.vite.config.ts'];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/**
 * The built file at `out/<part>`, as `npm test` builds before the vitest suites; a missing
 * or stale build fails here, saying so, instead of testing yesterday's code.
 */
export function builtFile(part: string): string {
  const file = join('out', part);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const stale = [...(SOURCES[part.split('/')[0]!] ?? []), ...CONFIG].filter(
    (source) => newest(source) > statSync(file).mtimeMs,
  );
  if (stale.length) throw new Error(`${file} is older than ${stale.join(', ')}: run npm run build first`);
  return file;
}

/** The environment of a child that could load the `electron` package: an empty binary folder, so it never downloads. */
export function withoutElectronBinary(): NodeJS.ProcessEnv {
  return { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: mkdtempSync(join(tmpdir(), 'perch-no-electron-')) };
}

export interface LinkReport {
  checked: { modules: string[]; runtime: { how: string; specifier: string; names: string[] }[] };
  failures: { module: string; specifier?: string; error: string }[];
}

/** Runs link-check.mjs on a folder of built main-process modules, under plain Node. */
export async function checkLinks(folder: string): Promise<LinkReport> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(import.meta.dirname, 'link-check.mjs'), folder],
    { env: withoutElectronBinary(), timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as LinkReport;
}
