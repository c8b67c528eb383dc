import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningPerch } from '../../src/main/electron/start';
import { wireName } from '../../src/shared/ipc/contract';
import { translate } from '../../src/shared/i18n';
import {
  app,
  BrowserWindow,
  calls,
  ipcMain,
  Notification,
  resetElectronDouble,
  Tray,
} from '../support/electron-double';
import { until } from '../support/until';
import { perchOnDouble, quitPerchOnDouble } from '../support/perch-on-double';

/**
 * The whole main process as index.ts starts it, on the Electron double: the real accounts,
 * the embedded demo on 127.0.0.1, the tray, notifications and the IPC handlers.
 */
let perch: RunningPerch;
beforeEach(async () => {
  resetElectronDouble();
  app.userDataPath = await mkdtemp(join(tmpdir(), 'perch-composition-'));
  // Electron keeps logs apart from userData: the log must go where getPath('logs') says.
  app.logsPath = await mkdtemp(join(tmpdir(), 'perch-composition-logs-'));
  perch = await perchOnDouble();
});
afterEach(async () => {
  await quitPerchOnDouble();
});

/** The window's own page calling main, as the preload does. */
const window = () => BrowserWindow.instances[0]!;
const invoke = (channel: string, ...args: unknown[]) =>
  ipcMain.invoke(
    wireName(channel as never),
    { sender: window().webContents, senderFrame: window().webContents.mainFrame },
    ...args,
  ) as Promise<{
    ok: boolean;
    value?: unknown;
  }>;
/** The log file as Electron's logs folder holds it now. */
const logText = () => readFile(join(app.logsPath!, 'perch.log'), 'utf8').catch(() => '');
const sent = (channel: string) => window().webContents.sent.filter(([name]) => name === wireName(channel as never));

describe('the composition root', () => {
  it('holds events until the page is ready, notifies a visitor message with a tray count, and a click opens it', async () => {
    expect(window().loaded).toBe('perch://app/index.html');
    // Before the page says it listens, nothing is sent to it.
    expect((await invoke('account:demo')).ok).toBe(true);
    await until(() => perch.demo() !== undefined, { what: 'the demo to start' });
    expect(window().webContents.sent).toEqual([]);
    expect((await invoke('app:ready')).ok).toBe(true);
    await until(() => sent('account:changed').length > 0, { what: 'the held events to be released' });

    // A visitor writes: a notification and a count in the tray's tooltip and the badge.
    const demo = perch.demo()!;
    const appId = demo.info.apps[0]!.id;
    const record = [...demo.store.conversations.values()].find(
      (c) => c.appId === appId && !c.closed && c.assigneeId === null && c.userReplies > 0 && !c.assistantType,
    )!;
    demo.simulator.writeInto(record, 'Is anyone there?');
    // The visitor has waited since an earlier unanswered message: the wait leads the body.
    await until(() => Notification.instances.some((n) => n.options.body.endsWith('· Is anyone there?')), {
      what: 'the notification',
    });
    await until(() => /\d/.test(Tray.instances[0]!.tooltip), { what: 'a count in the tray' });
    await until(() => (calls.badge.at(-1) ?? 0) > 0, { what: 'a count on the launcher' });
    // Perch's own sound goes to the window to play; the OS's notification stays silent.
    expect(sent('alerts:sound').map(([, payload]) => payload)).toEqual([{ sound: 'pop', volume: 70 }]);
    expect(Notification.instances.find((n) => n.options.body.endsWith('· Is anyone there?'))!.options.silent).toBe(
      true,
    );
    // The tray shows the demo's own counts (its first line), written once per change: no write repeats the one before.
    const fakeTray = Tray.instances[0]!;
    const totals = perch.accounts.workspaceOf('demo')!.inbox.snapshot().totals;
    await until(() => fakeTray.tooltip.split('\n')[0] === translate('en', 'tray.tooltip', { ...totals }), {
      what: 'the demo’s counts',
    });
    expect(fakeTray.tooltips.every((tooltip, i) => i === 0 || tooltip !== fakeTray.tooltips[i - 1])).toBe(true);
    // Each write draws the icon and the tooltip together (the first tooltip came with the tray itself).
    expect(fakeTray.imageChanges).toBe(fakeTray.tooltips.length - 1);
    // The log in Electron's logs folder says a notification showed, and for which conversation, never what it said.
    await until(async () => (await logText()).includes(`notification shown conversationId="${record.id}"`), {
      what: 'the notification in the log',
    });
    expect(await logText()).not.toContain('Is anyone there?');
    const tail = (await invoke('diagnostics:log', 100)) as { ok: boolean; value: string[] };
    expect(tail.ok).toBe(true);
    expect(tail.value.some((line) => line.includes('notification shown'))).toBe(true);

    // A click shows the window and opens the conversation.
    Notification.instances.find((n) => n.options.body.endsWith('· Is anyone there?'))!.emit('click', {});
    expect(window().visible).toBe(true);
    await until(() => sent('conversation:navigate').length > 0, { what: 'the conversation to open' });
    expect(sent('conversation:navigate').at(-1)![1]).toMatchObject({ value: { conversationId: record.id } });
  });

  it('says in the log and to the window that the system refused a notification', async () => {
    const reason = 'Notifications are not allowed for this application';
    Notification.failWith = reason;
    const shown = { accountId: 'demo', conversationId: '1', title: 'Ava', body: 'Hi', silent: true };
    perch.notifier.show({ ...shown, kind: 'visitor-message', buttons: [], reply: false });
    const refused = async () =>
      ((await invoke('alerts:get')) as { value: { status: { refused?: string } } }).value.status.refused;
    await until(async () => (await refused()) === reason, { what: 'the refusal in the alerts status' });
    await until(async () => (await logText()).includes('the system refused a notification'), {
      what: 'the refusal in the log',
    });
  });

  it('binds the global shortcut again only when the shortcut changes (each bind may ask the agent on Wayland)', async () => {
    expect(calls.shortcutBinds).toEqual(['CommandOrControl+Shift+P']);
    const quietHours = () => Tray.instances[0]!.menu!.items.find((i) => i.type === 'checkbox')!;
    const before = quietHours().checked;
    quietHours().click();
    await until(() => quietHours().checked !== before, { what: 'the quiet hours to change' });
    expect(calls.shortcutBinds).toEqual(['CommandOrControl+Shift+P']);
    expect((await invoke('settings:update', { shortcut: 'CommandOrControl+Alt+P' })).ok).toBe(true);
    await until(() => calls.shortcutBinds.length === 2, { what: 'the new shortcut' });
    expect(calls.shortcutBinds).toEqual(['CommandOrControl+Shift+P', 'CommandOrControl+Alt+P']);
    expect([...calls.shortcuts.keys()]).toEqual(['CommandOrControl+Alt+P']);
  });

  it('quitting waits for the outbox: a reply still in its Undo send window reaches the visitor before Perch exits', async () => {
    await invoke('app:ready');
    await invoke('account:demo');
    await until(() => perch.demo() !== undefined, { what: 'the demo to start' });
    const demo = perch.demo()!;
    const record = [...demo.store.conversations.values()].find(
      (c) => c.appId === demo.info.apps[0]!.id && !c.closed && c.userReplies > 0 && !c.assistantType,
    )!;
    const held = (await invoke('conversation:reply', 'demo', {
      conversationId: record.id,
      kind: 'reply',
      body: 'Sent as Perch quits',
    })) as { ok: boolean; value: { undoUntil?: number } };
    expect(held.value.undoUntil).toBeGreaterThan(Date.now());
    // What Electron does at `quit` is end the process: the reply must have landed by then.
    let landedBeforeExit: boolean | null = null;
    app.once('quit', () => (landedBeforeExit = record.parts.some((p) => p.body === 'Sent as Perch quits')));
    app.quit();
    await until(() => app.quitted, { what: 'Perch to quit', ms: 15_000 });
    expect(landedBeforeExit).toBe(true);
  });

  it('connects an account beside the demo, signs out of it, and quitting closes what it opened', async () => {
    await invoke('app:ready');
    await invoke('account:demo');
    await until(() => perch.demo() !== undefined, { what: 'the demo to start' });
    const other = perch.demo()!.info.apps[1]!;
    const connected = (await invoke('account:connect', {
      baseUrl: perch.demo()!.info.baseUrl,
      token: other.token,
      adminId: other.adminId,
    })) as { ok: boolean; value: { ok: boolean; accountsState: { accounts: { id: string; mode: string }[] } } };
    expect(connected.value).toMatchObject({ ok: true });
    const account = connected.value.accountsState.accounts.find((a) => a.mode === 'account')!;
    const signedOut = (await invoke('account:sign-out', account.id)) as {
      value: { accounts: { id: string }[] };
    };
    expect(signedOut.value.accounts.map((a) => a.id)).toEqual(['demo']);
    await until(async () => (await logText()).includes(`signing out account="${account.id}"`), {
      what: 'the sign-out in the log',
    });
    expect(await logText()).not.toContain(other.token);
    app.quit();
    expect(Tray.instances[0]!.destroyed).toBe(true);
  });
});
