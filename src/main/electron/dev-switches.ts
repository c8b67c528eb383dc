import { app, Menu, type MenuItemConstructorOptions } from 'electron';

/** What a developer may switch on; a packaged Perch switches none of it on. */
export interface DevSwitches {
  /** Load the renderer from this dev server instead of perch://app (electron-vite's ELECTRON_RENDERER_URL). */
  rendererUrl: string | undefined;
  devTools: boolean;
  /** Electron's default menu, with reload and DevTools entries. */
  defaultMenu: boolean;
  /** The `_electron` suite's hooks (PERCH_E2E_HOOKS=1): the tray's tooltip, a notification click. */
  testHooks: boolean;
}

/**
 * Packaged builds ignore the environment: one variable must not point the window, with the
 * whole bridge, at a page of someone else's, nor open DevTools next to the token's owner.
 */
export function devSwitches(packaged: boolean, env: NodeJS.ProcessEnv): DevSwitches {
  if (packaged) return { rendererUrl: undefined, devTools: false, defaultMenu: false, testHooks: false };
  return {
    rendererUrl: env.ELECTRON_RENDERER_URL || undefined,
    devTools: true,
    defaultMenu: true,
    testHooks: env.PERCH_E2E_HOOKS === '1',
  };
}

/** The menu of a packaged Perch: on macOS the app and Edit menus (copy and paste need them), elsewhere none. */
export function packagedMenu(platform: NodeJS.Platform): MenuItemConstructorOptions[] | null {
  return platform === 'darwin' ? [{ role: 'appMenu' }, { role: 'editMenu' }] : null;
}

/**
 * Must run before the app is ready: every renderer sandboxed, and in a packaged build the
 * minimal menu. Returns the switches the rest of main follows.
 */
export function applyDevSwitches(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): DevSwitches {
  app.enableSandbox();
  const switches = devSwitches(app.isPackaged, env);
  if (!switches.defaultMenu) {
    const template = packagedMenu(platform);
    Menu.setApplicationMenu(template ? Menu.buildFromTemplate(template) : null);
  }
  return switches;
}
