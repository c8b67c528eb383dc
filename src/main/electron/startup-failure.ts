import { app, dialog } from 'electron';
import { pickLocale, translator } from '../../shared/i18n';
import { choiceOf, moveStateAside, startupFailureDialog } from '../core/storage/reset';

/**
 * Perch could not start: instead of a process that dies without a word, the agent is asked
 * whether to move Perch's data aside and start fresh, or to quit.
 */
export async function offerResetOrQuit(error: unknown): Promise<void> {
  console.error('perch: could not start:', error);
  try {
    await app.whenReady();
    const dataDir = app.getPath('userData');
    const t = translator(pickLocale(app.getPreferredSystemLanguages()));
    const { response } = await dialog.showMessageBox(startupFailureDialog(t, error, dataDir));
    if (choiceOf(response) === 'reset') {
      const { folder } = await moveStateAside(dataDir);
      console.error(`perch: data moved aside to ${folder}; restarting`);
      app.relaunch();
      app.exit(0);
      return;
    }
  } catch (secondError) {
    console.error('perch: could not ask what to do:', secondError);
  }
  app.exit(1);
}
