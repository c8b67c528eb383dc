import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  app,
  BrowserWindow,
  calls,
  ipcMain,
  net,
  Notification,
  powerMonitor,
  resetElectronDouble,
  session,
  Tray,
} from '../support/electron-double';
import { setupAttention } from '../../src/main/electron/attention';
import { DEFAULT_SETTINGS } from '../../src/main/core/settings/settings';
import { PageAttention, type ShownConversation } from '../../src/main/core/attention/page-attention';
import type { ContractHandlers } from '../../src/main/core/contract/contract-dispatch';
import { MAX_HELD_EVENTS } from '../../src/main/core/contract/held-events';
import { handle, RendererEvents, trustedSender } from '../../src/main/electron/ipc';
import { ElectronNotifier } from '../../src/main/electron/notifications';
import { registerAppScheme, serveRenderer } from '../../src/main/electron/protocol';
import { setupSecurity } from '../../src/main/electron/security';
import { applyLoginItem, applyShortcut, autostartEntry } from '../../src/main/electron/shell-settings';
import { TrayIndicator } from '../../src/main/electron/tray';
import { createMainWindow, toggleWindow } from '../../src/main/electron/window';
import { translate, translator } from '../../src/shared/i18n';
import { INVOKE_CHANNELS, wireName } from '../../src/shared/ipc/contract';

beforeEach(() => resetElectronDouble());
const t = translator('en');
const totals = (all: number, mine = 0, unassigned = 0) => ({ all, mine, unassigned });
const actions = () => ({
  open: vi.fn(),
  toggle: vi.fn(),
  quit: vi.fn(),
  pause: vi.fn(),
  toggleQuietHours: vi.fn(),
  toggleStartAtLogin: vi.fn(),
});

describe('TrayIndicator', () => {
  it('shows the count on the icon and in the tooltip, and redraws only on change', () => {
    const tray = new TrayIndicator(t, actions(), undefined, 'linux');
    const fake = Tray.instances[0]!;
    tray.update({ totals: totals(3, 1, 1), health: 'ok' });
    expect(fake.tooltip).toBe('Perch: 3 unread · 1 mine · 1 unassigned');
    const drawn = fake.image.pixels!;
    tray.update({ totals: totals(3, 1, 1), health: 'ok' });
    expect(fake.imageChanges).toBe(1);
    tray.update({ totals: totals(3, 0, 0), health: 'ok' });
    expect(fake.imageChanges).toBe(2);
    expect(fake.image.pixels!.equals(drawn)).toBe(false);
    tray.update({ totals: totals(0), health: 'offline' });
    expect(fake.tooltip).toBe('Perch: offline');
  });

  it('speaks the language chosen in settings: a change redraws the menu and the tooltip at once', () => {
    let chosen: 'en' | 'ru' = 'en';
    const followsSettings: typeof t = (key, params) => translate(chosen, key, params);
    const tray = new TrayIndicator(followsSettings, actions(), undefined, 'linux');
    tray.setMenu(DEFAULT_SETTINGS);
    tray.update({ totals: totals(3, 1, 1), health: 'ok' });
    expect(Tray.instances[0]!.tooltip).toBe('Perch: 3 unread · 1 mine · 1 unassigned');
    chosen = 'ru';
    tray.setMenu({ ...DEFAULT_SETTINGS, locale: 'ru' });
    expect(Tray.instances[0]!.menu!.items[0].label).toBe(translate('ru', 'tray.open'));
    expect(Tray.instances[0]!.tooltip).toBe(translate('ru', 'tray.tooltip', { all: 3, mine: 1, unassigned: 1 }));
  });

  it('draws the icon at 1×, 2× and 3×, each at its own size', () => {
    new TrayIndicator(t, actions(), undefined, 'linux').update({ totals: totals(4, 1, 0), health: 'ok' });
    const reps = Tray.instances[0]!.image.representations;
    expect(reps.map((r) => [r.scaleFactor, r.width, r.height, r.buffer.length])).toEqual([
      [1, 16, 16, 16 * 16 * 4],
      [2, 32, 32, 32 * 32 * 4],
      [3, 48, 48, 48 * 48 * 4],
    ]);
  });

  it('adds to the counts since when an account is stale and how long the longest visitor has waited', () => {
    const tray = new TrayIndicator(t, actions(), undefined, 'linux');
    const staleSince = new Date(2026, 10, 27, 14, 2).getTime();
    const waitingSince = Math.floor(Date.now() / 1000) - 4 * 60 - 5;
    tray.update({ totals: totals(3, 1, 1), health: 'ok', staleSince, waitingSince });
    expect(Tray.instances[0]!.tooltip).toBe(
      'Perch: 3 unread · 1 mine · 1 unassigned\nStale since 14:02\nwaiting 4 min',
    );
    const ru = new TrayIndicator(translator('ru'), actions(), undefined, 'linux');
    ru.update({ totals: totals(3, 1, 1), health: 'ok', staleSince: null, waitingSince });
    expect(Tray.instances[1]!.tooltip).toContain('\nждёт 4 мин');
  });

  it('uses the title on macOS', () => {
    new TrayIndicator(t, actions(), undefined, 'darwin').update({ totals: totals(5, 2, 0), health: 'ok' });
    expect(Tray.instances[0]!.title).toBe('2');
  });

  it('offers open, pause, quiet hours, start at login and quit, and the pause becomes resume', () => {
    const a = actions();
    const tray = new TrayIndicator(t, a, undefined, 'linux');
    tray.setMenu(DEFAULT_SETTINGS);
    const items = Tray.instances[0]!.menu!.items;
    expect(items.map((i) => i.label ?? i.type)).toEqual([
      'Open Perch',
      'separator',
      'Pause notifications',
      'Quiet hours (22:00–08:00)',
      'Start at login',
      'separator',
      'Quit Perch',
    ]);
    items[2].submenu[0].click();
    expect(a.pause).toHaveBeenCalledWith('hour');
    items[6].click();
    expect(a.quit).toHaveBeenCalled();
    tray.setMenu({
      ...DEFAULT_SETTINGS,
      notifications: { ...DEFAULT_SETTINGS.notifications, pausedUntil: Date.now() + 60_000 },
    });
    const resumed = Tray.instances[0]!.menu!.items[2];
    expect(resumed.label).toBe('Resume notifications');
    resumed.click();
    expect(a.pause).toHaveBeenLastCalledWith(null);
    Tray.instances[0]!.emit('click');
    expect(a.toggle).toHaveBeenCalled();
    items[0].click();
    expect(a.open).toHaveBeenCalled();
  });
});

describe('ElectronNotifier', () => {
  it('says how long the visitor has waited before the message', () => {
    const notifier = new ElectronNotifier(() => {});
    const base = { accountId: 'demo', title: 'Ava', body: 'Hello?', silent: false };
    notifier.show({ ...base, conversationId: '7', waited: 'waiting 4 min' });
    notifier.show({ ...base, conversationId: '8' });
    expect(Notification.instances.map((n) => n.options.body)).toEqual(['waiting 4 min · Hello?', 'Hello?']);
  });

  it('keeps one notification per conversation, replaced in place, and reports clicks', () => {
    const clicked: [string, string][] = [];
    const notifier = new ElectronNotifier((account, id) => clicked.push([account, id]));
    notifier.show({ accountId: 'demo', conversationId: '7', title: 'Ava', body: 'Hi', silent: false });
    notifier.show({ accountId: 'demo', conversationId: '7', title: 'Ava', body: 'Hello?', silent: true });
    // The same conversation ID in another account is another conversation: its own notification.
    notifier.show({
      accountId: 'account-00000000000000a1',
      conversationId: '7',
      title: 'Bo',
      body: 'Yo',
      silent: true,
    });
    const [first, second, other] = Notification.instances;
    expect(first!.closed).toBe(true);
    expect(second!.shown).toBe(true);
    expect(other!.closed).toBeFalsy();
    expect(second!.options).toEqual({ title: 'Ava', body: 'Hello?', silent: true });
    expect(notifier.shownConversations()).toEqual(['demo/7', 'account-00000000000000a1/7']);
    other!.emit('click');
    second!.emit('click');
    expect(clicked).toEqual([
      ['account-00000000000000a1', '7'],
      ['demo', '7'],
    ]);
  });

  it('takes a reply typed in the notification where the platform offers it', () => {
    const replies: [string, string, string][] = [];
    const notifier = new ElectronNotifier(
      () => {},
      { placeholder: 'Reply…', onReply: (account, id, text) => replies.push([account, id, text]) },
      'darwin',
    );
    notifier.show({ accountId: 'demo', conversationId: '9', title: 'Ava', body: 'Hi', silent: false });
    const native = Notification.instances[0]!;
    expect(native.options).toMatchObject({ hasReply: true, replyPlaceholder: 'Reply…' });
    native.emit('reply', {}, 'On it!');
    native.emit('reply', {}, '   ');
    expect(replies).toEqual([['demo', '9', 'On it!']]);
    new ElectronNotifier(() => {}, { placeholder: 'x', onReply: () => {} }, 'linux').show({
      accountId: 'demo',
      conversationId: '1',
      title: 't',
      body: 'b',
      silent: false,
    });
    expect(Notification.instances[1]!.options).not.toHaveProperty('hasReply');
  });

  it('closes the notifications of an account Perch no longer holds', () => {
    const notifier = new ElectronNotifier(() => {});
    notifier.show({ accountId: 'demo', conversationId: '1', title: 'a', body: 'b', silent: true });
    notifier.show({ accountId: 'account-00000000000000a1', conversationId: '1', title: 'c', body: 'd', silent: true });
    notifier.keepAccounts(['demo']);
    expect(Notification.instances[1]!.closed).toBe(true);
    expect(Notification.instances[0]!.closed).toBeFalsy();
    expect(notifier.shownConversations()).toEqual(['demo/1']);
  });

  it('does nothing where notifications are not supported', () => {
    Notification.supported = false;
    new ElectronNotifier(() => {}).show({
      accountId: 'demo',
      conversationId: '1',
      title: 'x',
      body: 'y',
      silent: false,
    });
    expect(Notification.instances).toHaveLength(0);
  });
});

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

describe('security', () => {
  it('allows only notifications, denies navigation away and opens only safe links outside', () => {
    setupSecurity();
    const allowed: boolean[] = [];
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-read'])
      session.defaultSession.permissionRequest!(null, permission, (ok: boolean) => allowed.push(ok));
    expect(allowed).toEqual([true, false, false, false]);
    const window = new BrowserWindow({});
    app.emit('web-contents-created', {}, window.webContents);
    const navigate = (url: string) => {
      let prevented = false;
      window.webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('perch://app/index.html')).toBe(false);
    // Links to conversations are routed by main (deep-links.ts), never loaded into the window.
    expect(navigate('perch://open/demo/42')).toBe(true);
    expect(window.webContents.openHandler!({ url: 'https://docs.example/help' })).toEqual({ action: 'deny' });
    expect(window.webContents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(calls.openedExternally).toEqual(['https://docs.example/help']);
  });

  it('serves the renderer from perch://app and refuses paths outside it', async () => {
    serveRenderer('/srv/perch/renderer');
    const handler = calls.protocolHandlers.get('perch')!;
    expect(await (handler(new Request('perch://app/assets/app.js')) as Promise<Response>).then((r) => r.text())).toBe(
      'fetched file:///srv/perch/renderer/assets/app.js',
    );
    // Climbing out is impossible: the path is normalized from the root and stays inside it.
    const escaped = await (handler(new Request('perch://app/..%2f..%2fetc%2fpasswd')) as Promise<Response>).then((r) =>
      r.text(),
    );
    expect(escaped).toBe('fetched file:///srv/perch/renderer/etc/passwd');
    expect((handler(new Request('perch://evil/index.html')) as Response).status).toBe(403);
  });

  it('registers perch:// like https, with its compiled scripts kept between starts', () => {
    registerAppScheme();
    expect(calls.schemes).toEqual([
      { scheme: 'perch', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
  });
});

describe('window and attention', () => {
  it('hides to the tray on close, and closes for real when quitting', () => {
    const window = createMainWindow('/preload.cjs') as unknown as BrowserWindow;
    window.show();
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    app.quit();
    window.close();
    expect(window.isDestroyed()).toBe(true);
  });

  it('starts hidden when asked, shown otherwise', () => {
    const hidden = createMainWindow('/p.cjs', { startHidden: true }) as unknown as BrowserWindow;
    hidden.emit('ready-to-show');
    expect(hidden.isVisible()).toBe(false);
    const shown = createMainWindow('/p.cjs') as unknown as BrowserWindow;
    shown.emit('ready-to-show');
    expect(shown.isVisible()).toBe(true);
  });

  it('feeds focus to the page model, and sleep, power and network changes to the workspace', async () => {
    vi.useFakeTimers();
    const seen: Record<string, unknown>[] = [];
    const shown: (ShownConversation | null)[] = [];
    let returned = 0;
    const setAttention = (c: Record<string, unknown>) => void seen.push(c);
    const pages = new PageAttention({ setAttention, setShown: (s) => void shown.push(s) });
    const accounts = { setAttention, networkReturned: () => void (returned += 1), pages };
    const window = new BrowserWindow({});
    const stop = setupAttention(window as never, accounts);
    window.focus();
    window.show();
    // The window's page opened a conversation: it is looked at; a page loading anew shows none.
    pages.showing(window.webContents, { accountId: 'demo', conversationId: '5' });
    expect(shown.at(-1)).toEqual({ accountId: 'demo', conversationId: '5' });
    window.webContents.emit('did-start-loading');
    expect(shown.at(-1)).toBeNull();
    window.hide();
    powerMonitor.emit('suspend');
    powerMonitor.emit('resume');
    powerMonitor.emit('on-battery');
    net.online = false;
    vi.advanceTimersByTime(5000);
    net.online = true;
    vi.advanceTimersByTime(5000);
    stop();
    vi.useRealTimers();
    expect(seen.filter((c) => 'windowFocused' in c)).toEqual([
      { windowFocused: false, windowVisible: false },
      { windowFocused: true, windowVisible: true },
      { windowFocused: false, windowVisible: false },
    ]);
    expect(seen).toContainEqual({ suspended: true });
    expect(seen).toContainEqual({ suspended: false });
    expect(seen).toContainEqual({ onBattery: true });
    expect(returned).toBe(1);
  });

  it('toggles the window from the tray: forward when hidden, away when in front', () => {
    const window = new BrowserWindow({});
    toggleWindow(window as never);
    expect(window.isVisible() && window.isFocused()).toBe(true);
    toggleWindow(window as never);
    expect(window.isVisible()).toBe(false);
  });

  it('writes and removes the Linux autostart entry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-autostart-'));
    applyLoginItem(
      { ...DEFAULT_SETTINGS, startAtLogin: true, startHidden: true },
      { platform: 'linux', configDir: dir },
    );
    const entry = readFileSync(join(dir, 'autostart', 'perch.desktop'), 'utf8');
    expect(entry).toContain('Exec="');
    expect(entry).toContain(' --hidden');
    applyLoginItem({ ...DEFAULT_SETTINGS, startAtLogin: false }, { platform: 'linux', configDir: dir });
    expect(existsSync(join(dir, 'autostart', 'perch.desktop'))).toBe(false);
    applyLoginItem({ ...DEFAULT_SETTINGS, startAtLogin: true }, { platform: 'darwin' });
    expect(calls.loginItems.at(-1)).toEqual({ openAtLogin: true, args: [] });
    // Quoting escapes, then the file's own string escapes (desktop-entry.test.ts reads it back).
    expect(autostartEntry('/opt/Per"ch/$x', false)).toContain('Exec="/opt/Per\\\\"ch/\\\\$x"');
  });

  it('registers the global shortcut to show Perch', () => {
    const show = vi.fn();
    applyShortcut(DEFAULT_SETTINGS, show);
    calls.shortcuts.get('CommandOrControl+Shift+P')!();
    expect(show).toHaveBeenCalled();
  });
});
