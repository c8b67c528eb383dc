// What `npm start` does, as pure functions (unit-tested in test/electron/start-plan.test.ts):
// Electron when its binary is there or can be fetched, else Perch in the default browser.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Electron's download (@electron/get) needs Node 22.12 or newer. */
export function canDownloadElectron(nodeVersion) {
  const [major, minor] = nodeVersion.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/**
 * @param {{ binaryPresent: boolean, nodeVersion: string, download?: () => boolean }} facts
 *   `download` tries to fetch Electron's binary and says whether it worked; it is called only when it can help.
 * @returns {{ mode: 'electron' } | { mode: 'browser', why: string }}
 */
export function chooseStart({ binaryPresent, nodeVersion, download }) {
  if (binaryPresent) return { mode: 'electron' };
  if (!canDownloadElectron(nodeVersion)) {
    return {
      mode: 'browser',
      why: `Electron's binary is not installed, and fetching it needs Node 22.12 or newer (this is Node ${nodeVersion.replace(/^v/, '')}).`,
    };
  }
  if (download && download()) return { mode: 'electron' };
  return {
    mode: 'browser',
    why: "Electron's binary is not installed and could not be downloaded (no network, or the download was refused).",
  };
}

/** The command that opens a link in the default browser on this platform. */
export function browserOpener(platform, url) {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is a window title, hence the empty one.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
  return { command: 'xdg-open', args: [url] };
}

/** The browser host's address from the line it prints when it is ready, or null for any other line. */
export function hostUrl(line) {
  const match = /Perch is running at (http:\/\/\S+)/.exec(line);
  return match ? match[1] : null;
}

/**
 * How to run a package's command-line tool: its JS entry under this Node, with no shell. The
 * `.cmd` shims in node_modules/.bin need a shell on Windows, which splits a path with a space.
 */
export function toolCommand(packageJsonPath, bin, args, nodePath = process.execPath) {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  const entry = typeof pkg.bin === 'string' && bin === pkg.name.split('/').pop() ? pkg.bin : pkg.bin?.[bin];
  if (typeof entry !== 'string') throw new Error(`${pkg.name} has no "${bin}" command`);
  return { command: nodePath, args: [join(dirname(packageJsonPath), entry), ...args] };
}
