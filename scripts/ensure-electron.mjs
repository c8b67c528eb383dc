// `npm start` runs this first: npm install does not download Electron's binary (see
// allowScripts in package.json), so it is fetched here on first start where the network allows.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
function binaryPresent() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    return existsSync(join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim()));
  } catch {
    return false;
  }
}

if (!binaryPresent()) {
  console.log('Perch: downloading the Electron binary (first start only)…');
  try {
    execFileSync(process.execPath, [require.resolve('electron/install.js')], { stdio: 'inherit', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' } });
  } catch {
    console.error('Perch: could not download Electron. Without it, run Perch in a browser: npm run host:browser');
    process.exit(1);
  }
}
