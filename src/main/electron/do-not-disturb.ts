import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, win32 } from 'node:path';
import type { DoNotDisturbReader } from '../core/ports';
import type { DoNotDisturbState } from '../../shared/alerts';

/** What the readers need of the OS: a command's output and a file's text (tests pass their own). */
export interface DoNotDisturbSystem {
  platform: NodeJS.Platform;
  home: string;
  run(command: string, args: string[]): Promise<string>;
  readText(path: string): Promise<string>;
}

/** A read that takes longer than this says "unknown" rather than wait. */
const READ_TIMEOUT_MS = 2000;

const nodeSystem = (): DoNotDisturbSystem => ({
  platform: process.platform,
  home: homedir(),
  run: (command, args) =>
    new Promise((resolve, reject) =>
      execFile(command, args, { timeout: READ_TIMEOUT_MS, windowsHide: true }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    ),
  readText: (path) => readFile(path, 'utf8'),
});

/** GNOME: "do not disturb" switches the banners off. */
async function gnome(system: DoNotDisturbSystem): Promise<DoNotDisturbState> {
  const out = (await system.run('gsettings', ['get', 'org.gnome.desktop.notifications', 'show-banners'])).trim();
  return out === 'false' ? 'on' : out === 'true' ? 'off' : 'unknown';
}

/**
 * macOS 12 and later: a Focus that is on leaves its assertion records in the donotdisturbd
 * database. Where the file cannot be read (privacy settings, older macOS), nothing is known.
 */
async function macos(system: DoNotDisturbSystem): Promise<DoNotDisturbState> {
  const text = await system.readText(join(system.home, 'Library/DoNotDisturb/DB/Assertions.json'));
  const parsed = JSON.parse(text) as { data?: { storeAssertionRecords?: unknown[] }[] };
  if (!Array.isArray(parsed.data)) return 'unknown';
  return parsed.data.some((d) => Array.isArray(d.storeAssertionRecords) && d.storeAssertionRecords.length > 0)
    ? 'on'
    : 'off';
}

/**
 * Windows: notifications switched off for every app ("Do not disturb" in Windows 11) show in the
 * registry. Focus Assist's priority rules live in a binary store this reader does not parse, so a
 * value that is not "off" says "unknown", never "off".
 */
async function windows(system: DoNotDisturbSystem): Promise<DoNotDisturbState> {
  // By its full path: Windows looks in the working folder before PATH, where a planted reg.exe could wait.
  const reg = win32.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'reg.exe');
  const out = await system.run(reg, [
    'query',
    'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Notifications\\Settings',
    '/v',
    'NOC_GLOBAL_SETTING_TOASTS_ENABLED',
  ]);
  return /NOC_GLOBAL_SETTING_TOASTS_ENABLED\s+REG_DWORD\s+0x0\b/.test(out) ? 'on' : 'unknown';
}

/** The OS's Do Not Disturb for the core; any failure reads as "unknown", which never holds alerts back. */
export function doNotDisturbReader(system: DoNotDisturbSystem = nodeSystem()): DoNotDisturbReader {
  const readers: Partial<Record<NodeJS.Platform, (s: DoNotDisturbSystem) => Promise<DoNotDisturbState>>> = {
    linux: gnome,
    darwin: macos,
    win32: windows,
  };
  const read = readers[system.platform];
  return { read: async () => (read ? await read(system).catch(() => 'unknown' as const) : 'unknown') };
}
