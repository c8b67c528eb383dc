import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rendererErrorReport } from '../../src/shared/diagnostics';
import { wireName } from '../../src/shared/ipc/contract';
import { app, BrowserWindow, ipcMain, resetElectronDouble } from '../support/electron-double';
import { perchOnDouble, quitPerchOnDouble } from '../support/perch-on-double';
import { until } from '../support/until';

/** Main as index.ts starts it, on the Electron double, hearing the errors of its window. */
beforeEach(async () => {
  resetElectronDouble();
  app.userDataPath = await mkdtemp(join(tmpdir(), 'perch-renderer-errors-'));
  app.logsPath = await mkdtemp(join(tmpdir(), 'perch-renderer-errors-logs-'));
  await perchOnDouble();
});
afterEach(quitPerchOnDouble);

const window = () => BrowserWindow.instances[0]!;
/** The window's own page, as the preload calls main. */
const fromOwnPage = () => ({ sender: window().webContents, senderFrame: window().webContents.mainFrame });
const report = (sender: { sender: unknown; senderFrame: unknown }, ...args: unknown[]) =>
  ipcMain.invoke(wireName('diagnostics:renderer-error'), sender, ...args) as Promise<{
    ok: boolean;
    error?: { code: string };
  }>;
const logText = () => readFile(join(app.logsPath!, 'perch.log'), 'utf8').catch(() => '');

describe('errors of the window', () => {
  it('reach perch.log in the logs folder, from the window’s own page only, and only as a report', async () => {
    const error = new RangeError('Invalid time value');
    error.stack = 'RangeError: Invalid time value\n    at formatTime (perch://app/assets/start-app.js:3:14)';
    expect(await report(fromOwnPage(), rendererErrorReport('error', error))).toEqual({ ok: true, value: null });
    await until(async () => (await logText()).includes('renderer: the window hit an error'), { what: 'the line' });
    const line = (await logText()).split('\n').find((l) => l.includes('renderer: the window hit an error'))!;
    expect(line).toContain(
      'error="RangeError" reason="Invalid time value" at="formatTime (perch://app/assets/start-app.js:3:14)"',
    );

    const foreign = { sender: { id: 99 }, senderFrame: { url: 'https://example.com/' } };
    const spoofed = rendererErrorReport('error', new Error('written by another page'));
    expect(await report(foreign, spoofed)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const tooLong = { ...spoofed, message: 'x'.repeat(5000) };
    expect(await report(fromOwnPage(), tooLong)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    // A later report that is written shows the log has gone past the refused ones.
    expect((await report(fromOwnPage(), rendererErrorReport('react', new Error('a later error')))).ok).toBe(true);
    await until(async () => (await logText()).includes('a later error'), { what: 'the later line' });
    expect(await logText()).not.toContain('written by another page');
  });
});
