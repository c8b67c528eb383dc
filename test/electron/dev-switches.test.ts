import { beforeEach, describe, expect, it } from 'vitest';
import { applyDevSwitches } from '../../src/main/electron/dev-switches';
import { mainWindowOptions } from '../../src/main/electron/window-options';
import { app, calls, resetElectronDouble } from '../support/electron-double';

const env = { ELECTRON_RENDERER_URL: 'http://evil.example:5173' };

/** The switches are applied in the main script's first tick, before Electron is ready. */
const beforeReady = () => resetElectronDouble({ ready: false });

describe('developer switches', () => {
  beforeEach(beforeReady);

  it('a packaged Perch ignores ELECTRON_RENDERER_URL, has no DevTools and a minimal menu', () => {
    app.isPackaged = true;
    const switches = applyDevSwitches('linux', env);
    expect(switches.rendererUrl).toBeUndefined();
    expect(mainWindowOptions('/p.cjs', null, switches).webPreferences!.devTools).toBe(false);
    expect(calls.applicationMenus).toEqual([null]);
  });

  it('a packaged Perch exposes no test hooks, whatever PERCH_E2E_HOOKS says; a development run does on request', () => {
    app.isPackaged = true;
    expect(applyDevSwitches('linux', { PERCH_E2E_HOOKS: '1' }).testHooks).toBe(false);
    beforeReady();
    expect(applyDevSwitches('linux', { PERCH_E2E_HOOKS: '1' }).testHooks).toBe(true);
    beforeReady();
    expect(applyDevSwitches('linux', {}).testHooks).toBe(false);
  });

  it('a packaged Perch on macOS keeps only the app and Edit menus', () => {
    app.isPackaged = true;
    applyDevSwitches('darwin', env);
    expect(calls.applicationMenus).toEqual([{ items: [{ role: 'appMenu' }, { role: 'editMenu' }] }]);
  });

  it('sandboxes every renderer, packaged or not', () => {
    applyDevSwitches('linux', {});
    expect(calls.sandboxEnabled).toBe(true);
    beforeReady();
    app.isPackaged = true;
    applyDevSwitches('linux', {});
    expect(calls.sandboxEnabled).toBe(true);
  });

  it('a development run keeps the dev server, DevTools and the default menu', () => {
    const switches = applyDevSwitches('linux', env);
    expect(switches.rendererUrl).toBe(env.ELECTRON_RENDERER_URL);
    expect(mainWindowOptions('/p.cjs', null, switches).webPreferences!.devTools).toBe(true);
    expect(calls.applicationMenus).toEqual([]);
  });

  it('a window built without switches has no DevTools', () => {
    expect(mainWindowOptions('/p.cjs').webPreferences!.devTools).toBe(false);
  });
});
