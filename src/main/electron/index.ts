import { app } from 'electron';
import { join } from 'node:path';
import { logInsteadOfExiting } from '../core/last-resort';
import { keepYoungGenerationSmall } from '../core/young-generation';
import { applyDevSwitches } from './dev-switches';
import { registerAppScheme } from './protocol';
import { startPerch } from './start';
import { offerResetOrQuit } from './startup-failure';

/** Perch's main process: what must happen before Electron is ready, then the composition root (start.ts). */
keepYoungGenerationSmall();
logInsteadOfExiting();
const switches = applyDevSwitches();

registerAppScheme();
if (!app.requestSingleInstanceLock()) app.quit();
else
  void app
    .whenReady()
    .then(() =>
      startPerch({
        rendererDir: join(__dirname, '../renderer'),
        preloadPath: join(__dirname, '../preload/index.cjs'),
        devServerUrl: switches.rendererUrl,
        devTools: switches.devTools,
        testHooks: switches.testHooks,
        startHidden: process.argv.includes('--hidden'),
      }),
    )
    .catch(offerResetOrQuit);
