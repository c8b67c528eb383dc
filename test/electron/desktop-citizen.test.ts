import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeepLinks } from '../../src/main/electron/deep-links';
import { type RunningPerch } from '../../src/main/electron/start';
import { wireName } from '../../src/shared/ipc/contract';
import { app, BrowserWindow, calls, ipcMain, resetElectronDouble, session } from '../support/electron-double';
import { until } from '../support/until';
import { perchOnDouble, quitPerchOnDouble } from '../support/perch-on-double';

/** Links from the OS, zoom and spelling languages, through the whole main process on the Electron double. */
let perch: RunningPerch;
const start = async (args: string[] = ['/opt/Perch/perch']) => {
  const deepLinks = new DeepLinks(args);
  perch = await perchOnDouble({ updater: async () => null, deepLinks });
  await invoke('app:ready');
  await until(() => perch.demo() !== undefined, { what: 'the demo to start' });
};
beforeEach(async () => {
  resetElectronDouble();
  app.userDataPath = await mkdtemp(join(tmpdir(), 'perch-deep-links-'));
});
afterEach(async () => {
  await quitPerchOnDouble();
});

const window = () => BrowserWindow.instances[0]!;
const invoke = (channel: string, ...args: unknown[]) =>
  ipcMain.invoke(
    wireName(channel as never),
    { sender: window().webContents, senderFrame: window().webContents.mainFrame },
    ...args,
  );
const sent = (channel: string) =>
  window()
    .webContents.sent.filter(([name]) => name === wireName(channel as never))
    .map(([, payload]) => payload);
const someConversation = () => [...perch.demo()!.store.conversations.values()][0]!.id;

describe('deep links in Electron', () => {
  it('registers the perch scheme with the OS and follows a link Perch was started with', async () => {
    // Packaged: a development Perch registers the scheme on Windows only (launch.test.ts).
    app.isPackaged = true;
    await start(['/opt/Perch/perch', 'perch://open/demo/42']);
    expect(calls.protocolClients.map((c) => c[0])).toEqual(['perch']);
    await until(() => sent('conversation:navigate').length > 0, { what: 'the conversation to open' });
    expect(sent('conversation:navigate')).toEqual([{ accountId: 'demo', value: { conversationId: '42' } }]);
    expect(window().visible).toBe(true);
  });

  it('a second instance shows the window and opens the conversation its link names', async () => {
    await start();
    const id = someConversation();
    app.emit('second-instance', {}, ['/opt/Perch/perch', '--no-sandbox', `perch://open/demo/${id}`], '/');
    expect(window().visible).toBe(true);
    await until(() => sent('conversation:navigate').length > 0, { what: 'the conversation to open' });
    expect(sent('conversation:navigate')).toEqual([{ accountId: 'demo', value: { conversationId: id } }]);

    // A second start without a link only shows Perch.
    window().hide();
    app.emit('second-instance', {}, ['/opt/Perch/perch'], '/');
    expect(window().visible).toBe(true);
    expect(sent('conversation:navigate')).toHaveLength(1);
  });

  it("follows macOS's open-url, and refuses links to other accounts or of other shapes", async () => {
    await start();
    const id = someConversation();
    let prevented = false;
    app.emit('open-url', { preventDefault: () => (prevented = true) }, `perch://open/demo/${id}`);
    expect(prevented).toBe(true);
    await until(() => sent('conversation:navigate').length > 0, { what: 'the conversation to open' });
    expect(sent('conversation:navigate')).toEqual([{ accountId: 'demo', value: { conversationId: id } }]);

    app.emit('open-url', { preventDefault: () => {} }, `perch://open/account-0123456789abcdef/${id}`);
    app.emit('second-instance', {}, ['/opt/Perch/perch', `perch://open/demo/${id}?token=x`], '/');
    app.emit('open-url', { preventDefault: () => {} }, 'perch://app/index.html');
    await until(() => sent('deep-link:refused').length === 3, { what: 'three refusals' });
    expect(sent('deep-link:refused')).toEqual([
      { problem: 'unknown-account' },
      { problem: 'malformed' },
      { problem: 'malformed' },
    ]);
    expect(sent('conversation:navigate')).toHaveLength(1);
    // Nothing was ever loaded into the window but Perch's own page.
    expect(window().loaded).toBe('perch://app/index.html');
  });

  it("applies the zoom and the spelling languages the settings hold, following the window's language", async () => {
    await start();
    expect(window().webContents.zoomFactor).toBe(1);
    expect(session.defaultSession.spellCheckerLanguages).toEqual(['en-US']);
    await invoke('settings:update', { zoomPercent: 150, locale: 'ru' });
    expect(window().webContents.zoomFactor).toBe(1.5);
    expect(session.defaultSession.spellCheckerLanguages).toEqual(['ru', 'en-US']);
    await invoke('settings:update', { spellLanguages: ['uk'] });
    expect(session.defaultSession.spellCheckerLanguages).toEqual(['uk']);
    // Out of bounds is refused at the boundary: nothing changes.
    expect(await invoke('settings:update', { zoomPercent: 1000 })).toMatchObject({ ok: false });
    expect(window().webContents.zoomFactor).toBe(1.5);
  });

  it('Ctrl+wheel and pinch (webContents zoom-changed) step the zoom as Ctrl+= and Ctrl+- do, kept and shown in Settings', async () => {
    await start();
    window().webContents.emit('zoom-changed', {}, 'in');
    await until(() => window().webContents.zoomFactor === 1.1, { what: 'the window zoomed in a step' });
    window().webContents.emit('zoom-changed', {}, 'in');
    await until(() => window().webContents.zoomFactor === 1.25, { what: 'a second step' });
    // Kept in the settings (so across a restart) and told to the window's Settings screen.
    expect(await invoke('settings:get')).toMatchObject({ ok: true, value: { zoomPercent: 125 } });
    expect(sent('settings:changed').at(-1)).toMatchObject({ zoomPercent: 125 });
    for (let n = 0; n < 12; n++) window().webContents.emit('zoom-changed', {}, 'out');
    // Bounded as the keys are: 50 % is as small as it gets.
    await until(() => window().webContents.zoomFactor === 0.5, { what: 'the smallest zoom' });
    expect(await invoke('settings:get')).toMatchObject({ ok: true, value: { zoomPercent: 50 } });
  });
});
