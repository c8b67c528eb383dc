import { describe, expect, it } from 'vitest';
import { doNotDisturbReader, type DoNotDisturbSystem } from '../../src/main/electron/do-not-disturb';

function system(platform: NodeJS.Platform, answers: { run?: string | Error; file?: string | Error }) {
  const asked: string[] = [];
  const answer = (value: string | Error | undefined) =>
    value instanceof Error || value === undefined
      ? Promise.reject(value ?? new Error('absent'))
      : Promise.resolve(value);
  const fake: DoNotDisturbSystem = {
    platform,
    home: '/Users/agent',
    run: (command, args) => {
      asked.push([command, ...args].join(' '));
      return answer(answers.run);
    },
    readText: (path) => {
      asked.push(path);
      return answer(answers.file);
    },
  };
  return { fake, asked };
}

describe("the OS's Do Not Disturb readers", () => {
  it('GNOME: banners off is "do not disturb", on is not, anything else is unknown', async () => {
    const on = system('linux', { run: 'false\n' });
    expect(await doNotDisturbReader(on.fake).read()).toBe('on');
    expect(on.asked).toEqual(['gsettings get org.gnome.desktop.notifications show-banners']);
    expect(await doNotDisturbReader(system('linux', { run: 'true\n' }).fake).read()).toBe('off');
    expect(await doNotDisturbReader(system('linux', { run: new Error('no gsettings') }).fake).read()).toBe('unknown');
  });

  it("macOS: a Focus's assertion records mean on; an unreadable file means unknown", async () => {
    const focus = JSON.stringify({ data: [{ storeAssertionRecords: [{ assertionDetails: {} }] }] });
    const on = system('darwin', { file: focus });
    expect(await doNotDisturbReader(on.fake).read()).toBe('on');
    expect(on.asked).toEqual(['/Users/agent/Library/DoNotDisturb/DB/Assertions.json']);
    expect(await doNotDisturbReader(system('darwin', { file: '{"data":[{}]}' }).fake).read()).toBe('off');
    expect(await doNotDisturbReader(system('darwin', { file: new Error('EPERM') }).fake).read()).toBe('unknown');
    expect(await doNotDisturbReader(system('darwin', { file: 'not json' }).fake).read()).toBe('unknown');
  });

  it('Windows: notifications off for every app is on; otherwise it cannot tell', async () => {
    const off = '\r\n    NOC_GLOBAL_SETTING_TOASTS_ENABLED    REG_DWORD    0x0\r\n';
    expect(await doNotDisturbReader(system('win32', { run: off }).fake).read()).toBe('on');
    const enabled = '    NOC_GLOBAL_SETTING_TOASTS_ENABLED    REG_DWORD    0x1\r\n';
    expect(await doNotDisturbReader(system('win32', { run: enabled }).fake).read()).toBe('unknown');
    expect(await doNotDisturbReader(system('win32', { run: new Error('not found') }).fake).read()).toBe('unknown');
  });

  it('says unknown on any other system', async () => {
    expect(await doNotDisturbReader(system('freebsd', {}).fake).read()).toBe('unknown');
  });
});
