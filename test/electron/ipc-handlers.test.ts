import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, ipcMain, resetElectronDouble } from '../support/electron-double';
import type { ContractHandlers } from '../../src/main/core/contract/contract-dispatch';
import { MAX_HELD_EVENTS } from '../../src/main/core/contract/held-events';
import { handle, RendererEvents, trustedSender } from '../../src/main/electron/ipc';
import { INVOKE_CHANNELS, wireName } from '../../src/shared/ipc/contract';

beforeEach(() => resetElectronDouble());

describe('IPC', () => {
  function setup() {
    const window = new BrowserWindow({});
    const handlers = Object.fromEntries(
      INVOKE_CHANNELS.map((c) => [c, vi.fn(async () => 'ok')]),
    ) as unknown as ContractHandlers;
    handle(handlers, trustedSender(window as never));
    return { window, handlers };
  }

  it('registers every channel and answers our own window’s main frame', async () => {
    const { window, handlers } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(INVOKE_CHANNELS.map(wireName).sort());
    const result = await ipcMain.invoke(
      wireName('conversation:open'),
      { sender: window.webContents, senderFrame: window.webContents.mainFrame },
      'demo',
      '42',
    );
    expect(result).toEqual({ ok: true, value: 'ok' });
    expect(handlers['conversation:open']).toHaveBeenCalledWith('demo', '42');
  });

  it('refuses other senders, sub-frames and foreign pages before any handler runs', async () => {
    const { window, handlers } = setup();
    const other = new BrowserWindow({});
    const forbidden = { ok: false, error: { code: 'forbidden', message: 'This sender may not call Perch' } };
    expect(
      await ipcMain.invoke(wireName('inbox:get'), {
        sender: other.webContents,
        senderFrame: other.webContents.mainFrame,
      }),
    ).toEqual(forbidden);
    expect(
      await ipcMain.invoke(wireName('inbox:get'), {
        sender: window.webContents,
        senderFrame: { url: 'perch://app/index.html' },
      }),
    ).toEqual(forbidden);
    window.webContents.mainFrame.url = 'https://evil.example/';
    expect(
      await ipcMain.invoke(wireName('inbox:get'), {
        sender: window.webContents,
        senderFrame: window.webContents.mainFrame,
      }),
    ).toEqual(forbidden);
    expect(handlers['inbox:get']).not.toHaveBeenCalled();
  });

  it('validates arguments', async () => {
    const { window } = setup();
    const result = await ipcMain.invoke(
      wireName('conversation:open'),
      { sender: window.webContents, senderFrame: window.webContents.mainFrame },
      'x',
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
  });

  it('holds events until the renderer is ready, and again after a reload', () => {
    const window = new BrowserWindow({});
    const events = new RendererEvents(window as never);
    events.send('conversation:navigate', { accountId: 'demo', value: { conversationId: '1' } });
    expect(window.webContents.sent).toEqual([]);
    events.markReady();
    expect(window.webContents.sent).toEqual([
      ['perch:conversation:navigate', { accountId: 'demo', value: { conversationId: '1' } }],
    ]);
    window.webContents.emit('did-start-loading');
    events.send('conversation:navigate', { accountId: 'demo', value: { conversationId: '2' } });
    expect(window.webContents.sent).toHaveLength(1);
  });

  const typing = (n: number) => ({
    accountId: 'demo' as const,
    value: { conversationId: String(n), from: 'user' as const, adminId: null, body: `typing ${n}` },
  });

  it('holds a bounded number of events: past it they are dropped and the page is loaded anew once ready', () => {
    const window = new BrowserWindow({});
    const events = new RendererEvents(window as never);
    const change = (n: number) => ({ accountId: 'demo', value: { conversationId: String(n) } });
    events.send('conversation:navigate', change(7));
    for (let n = 0; n <= MAX_HELD_EVENTS; n++) events.send('conversation:typing', typing(n));
    events.send('conversation:typing', typing(-1));
    // Nothing of what was dropped reaches the page: it is loaded anew and reads everything.
    expect(events.markReady()).toBe(false);
    expect(window.webContents.sent).toEqual([]);
    expect(window.webContents.reloads).toBe(1);
    // The page loaded anew says it is ready: the conversation a notification asked for opens,
    // later events flow, nothing more is reloaded.
    window.webContents.emit('did-start-loading');
    events.send('conversation:typing', typing(1));
    expect(events.markReady()).toBe(true);
    expect(window.webContents.sent).toEqual([
      ['perch:conversation:typing', typing(1)],
      ['perch:conversation:navigate', change(7)],
    ]);
    expect(window.webContents.reloads).toBe(1);
  });

  it('forgets what was held for a page that starts loading again, even past the bound', () => {
    const window = new BrowserWindow({});
    const events = new RendererEvents(window as never);
    for (let n = 0; n <= MAX_HELD_EVENTS; n++) events.send('conversation:typing', typing(n));
    // The page reloads by itself: the new one reads everything, so nothing old is sent and no
    // second load is needed.
    window.webContents.emit('did-start-loading');
    expect(events.markReady()).toBe(true);
    expect(window.webContents.sent).toEqual([]);
    expect(window.webContents.reloads).toBe(0);
  });
});
