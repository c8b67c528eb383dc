import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow, resetElectronDouble } from '../support/electron-double';
import { TrayHost } from '../../src/main/electron/tray-host';
import { createMainWindow } from '../../src/main/electron/window';
import { until } from '../support/until';

beforeEach(() => resetElectronDouble());

/** A session bus that answers the StatusNotifierWatcher question with `answers`, command by command. */
function bus(answers: Record<string, string | Error>) {
  const asked: string[] = [];
  const run = async (command: string) => {
    asked.push(command);
    const answer = answers[command] ?? Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT' });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { run, asked };
}

describe('where Perch can hide on Linux', () => {
  it('hides on close only where a tray host shows its icon; elsewhere the window is minimized', () => {
    let host = false;
    const window = createMainWindow('/p.cjs', { hideOnClose: () => host }) as unknown as BrowserWindow;
    window.show();
    window.close();
    // Vanilla GNOME shows no tray icon: hidden, Perch would be out of reach.
    expect(window.isMinimized()).toBe(true);
    expect(window.isDestroyed()).toBe(false);
    window.restore();
    host = true;
    window.close();
    expect(window.isVisible()).toBe(false);
    expect(window.isDestroyed()).toBe(false);
  });

  it('asks the session bus whether a StatusNotifier host is registered', async () => {
    const withHost = new TrayHost('linux', bus({ gdbus: '(<true>,)\n' }).run);
    await until(() => withHost.shown(), { what: 'the host to be found' });
    const noWatcher = bus({
      gdbus: new Error('Error: GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable'),
    });
    const vanilla = new TrayHost('linux', noWatcher.run);
    await until(() => noWatcher.asked.length === 1, { what: 'the question' });
    expect(vanilla.shown()).toBe(false);
    // Without gdbus, dbus-send asks the same.
    const sendOnly = bus({ 'dbus-send': 'method return time=1 sender=:1.5\n   variant       boolean true\n' });
    const viaSend = new TrayHost('linux', sendOnly.run);
    await until(() => viaSend.shown(), { what: 'the host found through dbus-send' });
    expect(sendOnly.asked.slice(0, 2)).toEqual(['gdbus', 'dbus-send']);
  });

  it('takes the tray for granted on macOS and Windows, and on Linux asks again at each close', async () => {
    const never = bus({});
    expect(new TrayHost('darwin', never.run).shown()).toBe(true);
    expect(new TrayHost('win32', never.run).shown()).toBe(true);
    expect(never.asked).toEqual([]);
    let answer = '(<false>,)';
    const later = bus({});
    const host = new TrayHost('linux', async (command) => {
      later.asked.push(command);
      return answer;
    });
    await until(() => later.asked.length === 1, { what: 'the first question' });
    expect(host.shown()).toBe(false);
    // The agent enabled a tray extension since: the next close hides.
    answer = '(<true>,)';
    await until(() => host.shown(), { what: 'the host to appear' });
  });
});
