// `npm start`: Perch in Electron; where Electron's binary cannot be had (no network, old Node),
// it says why and runs the browser host instead, opening it in the default browser.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { browserOpener, chooseStart, hostUrl, toolCommand } from './start-plan.mjs';

const require = createRequire(import.meta.url);
const tool = (name, args) => toolCommand(require.resolve(`${name}/package.json`), name, args);

function binaryPresent() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    return existsSync(join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim()));
  } catch {
    return false;
  }
}
function download() {
  console.log('Perch: downloading the Electron binary (first start only)…');
  try {
    execFileSync(process.execPath, [require.resolve('electron/install.js')], {
      stdio: 'inherit',
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' },
    });
    return binaryPresent();
  } catch {
    return false;
  }
}
function run({ command, args }, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return child;
}

const plan = chooseStart({ binaryPresent: binaryPresent(), nodeVersion: process.version, download });
if (plan.mode === 'electron') {
  run(tool('electron-vite', ['preview'])).on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`Perch: ${plan.why}`);
  console.log('Perch: starting in your browser instead (the same Perch, served on 127.0.0.1).');
  const build = tool('electron-vite', ['build']);
  execFileSync(build.command, build.args, { stdio: 'inherit' });
  const host = run(tool('tsx', ['src/main/browser-host/cli.ts']), { stdio: ['inherit', 'pipe', 'inherit'] });
  host.on('exit', (code) => process.exit(code ?? 0));
  createInterface({ input: host.stdout }).on('line', (line) => {
    console.log(line);
    const url = hostUrl(line);
    if (!url) return;
    const { command, args } = browserOpener(process.platform, url);
    const opener = spawn(command, args, { stdio: 'ignore', detached: true });
    opener.on('error', () =>
      console.log(`Perch: no way to open a browser here (${command} is missing). Open ${url} in your browser.`),
    );
    opener.on('spawn', () => console.log(`Perch: asked ${command} to open it in your browser.`));
    opener.on('exit', (code) => {
      if (code)
        console.log(`Perch: ${command} could not open a browser (exit code ${code}). Open ${url} in your browser.`);
    });
    opener.unref();
  });
}
