import { app } from 'electron';
import { join } from 'node:path';
import { logInsteadOfExiting } from '../core/log/last-resort';
import { keepYoungGenerationSmall } from '../core/runtime/young-generation';
import { applyDevSwitches } from './dev-switches';
import { DeepLinks } from './deep-links';
import { registerAppScheme } from './protocol';
import { startPerch } from './start';
import { offerResetOrQuit } from './startup-failure';

/** Perch's main process: what must happen before Electron is ready, then the composition root (start.ts). */
keepYoungGenerationSmall();
logInsteadOfExiting();
const switches = applyDevSwitches();

registerAppScheme();
// A second start hands its arguments (a link among them) to the first and quits.
if (!app.requestSingleInstanceLock()) app.quit();
else {
  const deepLinks = new DeepLinks(process.argv);
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
        deepLinks,
      }),
    )
    .catch(offerResetOrQuit);
}
