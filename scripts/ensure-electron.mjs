// `npm start` runs this first: npm install does not download Electron's binary (see
// allowScripts in package.json), so it is fetched here on first start where the network allows.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
function binaryPresent() {
  try {
    return existsSync(require('electron'));
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
