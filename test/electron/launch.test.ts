import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wireName } from '../../src/shared/ipc/contract';
import * as electron from '../support/electron-double';
import { app, BrowserWindow, calls, dialog, ipcMain, resetElectronDouble } from '../support/electron-double';
import { electronState } from '../support/electron-double-calls';
import { localFeed, type LocalFeed } from '../support/update-feed';
import { until } from '../support/until';

const requireHere = createRequire(import.meta.url);
const ELECTRON = requireHere.resolve('electron');
const UPDATER = `${sep}node_modules${sep}electron-updater${sep}`;

/**
 * CommonJS packages that require('electron') (electron-updater) get the double, as Electron
 * answers that require itself; and electron-updater is loaded afresh, for the platform at hand.
 */
function electronForCommonJs(): () => void {
  requireHere.cache[ELECTRON] = { id: ELECTRON, filename: ELECTRON, loaded: true, exports: electron } as NodeJS.Module;
  const freshUpdater = () => {
    for (const id of Object.keys(requireHere.cache)) if (id.includes(UPDATER)) delete requireHere.cache[id];
  };
  freshUpdater();
  return () => {
    delete requireHere.cache[ELECTRON];
    freshUpdater();
  };
}

const PLATFORMS = ['linux', 'darwin', 'win32'] as const;
/** The updater electron-updater picks on each platform (a .deb install on Linux). */
const UPDATER_CLASS = { linux: 'DebUpdater', darwin: 'MacUpdater', win32: 'NsisUpdater' };

let feed: LocalFeed;
const restore: (() => void)[] = [];
beforeEach(async () => {
  resetElectronDouble();
  app.userDataPath = await mkdtemp(join(tmpdir(), 'perch-launch-'));
  feed = await localFeed();
  for (const file of ['latest.yml', 'latest-mac.yml', 'latest-linux.yml']) feed.publish(file, '1.2.0');
  restore.push(electronForCommonJs(), () => void feed.close());
});
afterEach(async () => {
  if (!app.quitting) app.quit();
  // A quit waits for the accounts to close (a start that failed has none, and quits at once).
  await until(() => app.quitted || dialog.shown.length > 0, { what: 'Perch to quit', ms: 15_000 });
  for (const undo of restore.splice(0).reverse()) undo();
});

function setGlobal<K extends 'platform' | 'resourcesPath' | 'argv' | 'defaultApp'>(key: K, value: NodeJS.Process[K]) {
  const before = Object.getOwnPropertyDescriptor(process, key);
  Object.defineProperty(process, key, { value, configurable: true, writable: true });
  restore.push(() => (before ? Object.defineProperty(process, key, before) : delete process[key]));
}

/** A packaged install's resources: electron-builder's app-update.yml, and the policy pointing at the local feed. */
async function packagedResources(platform: string): Promise<string> {
  const resources = await mkdtemp(join(tmpdir(), 'perch-resources-'));
  await writeFile(
    join(resources, 'app-update.yml'),
    'provider: generic\nurl: https://updates.perch.app/desktop/\nupdaterCacheDirName: perch-updater\n',
  );
  if (platform === 'linux') await writeFile(join(resources, 'package-type'), 'deb');
  await writeFile(join(resources, 'perch-policy.json'), JSON.stringify({ updates: { feedUrl: feed.url } }));
  return resources;
}

/** index.ts installs process-wide handlers (core/log/last-resort.ts): those added from now on are removed after the test. */
function removeListenersAddedFromNow() {
  const watched: [NodeJS.EventEmitter, string][] = [
    [process, 'unhandledRejection'],
    [process, 'uncaughtException'],
    [process.stdout, 'error'],
    [process.stderr, 'error'],
  ];
  const before = watched.map(([emitter, event]) => new Set(emitter.listeners(event)));
  restore.push(() =>
    watched.forEach(([emitter, event], i) => {
      for (const listener of emitter.listeners(event))
        if (!before[i]!.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
    }),
  );
}

let launches = 0;
/** Runs index.ts as Electron does, once per launch, and waits until the window loads or Perch gives up. */
async function launchOrGiveUp() {
  removeListenersAddedFromNow();
  // As Electron runs the main script: not ready while its first tick runs, on the OS it plays.
  electronState.ready = false;
  electronState.platform = process.platform;
  await import(/* @vite-ignore */ `../../src/main/electron/index.ts?launch=${++launches}`);
  app.becomeReady();
  await until(() => Boolean(BrowserWindow.instances[0]?.loaded) || dialog.shown.length > 0, {
    what: 'Perch to start or give up',
  });
}
async function launch() {
  await launchOrGiveUp();
  expect(dialog.shown.map((shown) => shown.detail)).toEqual([]);
  expect(app.exitCode).toBeNull();
}

/** How Electron's loadURL rejects (lib/browser/api/web-contents.ts). */
const loadError = (code: string, errno: number, url = 'perch://app/index.html') =>
  Object.assign(new Error(`${code} (${errno}) loading '${url}'`), { code, errno, url });

const invoke = (channel: string) => {
  const contents = BrowserWindow.instances[0]!.webContents;
  return ipcMain.invoke(wireName(channel as never), { sender: contents, senderFrame: contents.mainFrame }) as Promise<{
    ok: boolean;
    value: { phase: string; version: string | null };
  }>;
};

describe.each(PLATFORMS)('Perch launched on %s', (platform) => {
  it('packaged: starts, and checks the feed with the platform’s electron-updater', async () => {
    setGlobal('platform', platform);
    setGlobal('resourcesPath', await packagedResources(platform));
    app.isPackaged = true;
    await launch();
    expect(BrowserWindow.instances[0]!.loaded).toBe('perch://app/index.html');
    await until(async () => (await invoke('updates:get')).value.phase === 'available', {
      what: 'the update check to find 1.2.0',
    });
    expect((await invoke('updates:get')).value.version).toBe('1.2.0');
    const channelFile = { linux: 'latest-linux.yml', darwin: 'latest-mac.yml', win32: 'latest.yml' }[platform];
    expect(feed.requests).toContain(channelFile);
    const { autoUpdater } = requireHere('electron-updater') as typeof import('electron-updater');
    expect(autoUpdater.constructor.name).toBe(UPDATER_CLASS[platform]);
    // Perch decides when to download and install, not electron-updater.
    expect(autoUpdater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false });
    // perch: links are the installed app's.
    expect(calls.protocolClients).toEqual([['perch']]);
  });

  it('in development: starts from the dev server without an updater', async () => {
    setGlobal('platform', platform);
    app.isPackaged = false;
    // As Playwright's Electron launcher starts it: switches before the app's folder.
    setGlobal('argv', [process.execPath, '--inspect=0', '--remote-debugging-port=0', '.']);
    setGlobal('defaultApp', true);
    const before = process.env.ELECTRON_RENDERER_URL;
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173/';
    restore.push(() =>
      before === undefined ? delete process.env.ELECTRON_RENDERER_URL : (process.env.ELECTRON_RENDERER_URL = before),
    );
    await launch();
    expect(BrowserWindow.instances[0]!.loaded).toBe('http://localhost:5173/');
    expect((await invoke('updates:get')).value.phase).toBe('off');
    expect(feed.requests).toEqual([]);
    // perch: links start Electron with Perch's folder where the OS lets the registration say so
    // (Windows); elsewhere it would name Electron itself, so a development Perch leaves them be.
    expect(calls.protocolClients).toEqual(
      platform === 'win32' ? [['perch', process.execPath, [app.getAppPath()]]] : [],
    );
  });
});

describe('the first page load', () => {
  it('cut short by another navigation (ERR_ABORTED) is loaded again: Perch starts', async () => {
    BrowserWindow.loadErrors = [loadError('ERR_ABORTED', -3)];
    await launch();
    expect(BrowserWindow.instances[0]!.loads).toEqual(['perch://app/index.html', 'perch://app/index.html']);
    expect(BrowserWindow.instances[0]!.loaded).toBe('perch://app/index.html');
  });

  it('aborted again and again is a start that failed, said so once', async () => {
    BrowserWindow.loadErrors = Array.from({ length: 10 }, () => loadError('ERR_ABORTED', -3));
    await launchOrGiveUp();
    expect(dialog.shown).toHaveLength(1);
    expect(BrowserWindow.instances[0]!.loads.length).toBeLessThan(10);
  });

  it('that fails for another reason is not tried again', async () => {
    BrowserWindow.loadErrors = [loadError('ERR_FILE_NOT_FOUND', -6)];
    await launchOrGiveUp();
    expect(dialog.shown).toHaveLength(1);
    expect(BrowserWindow.instances[0]!.loads).toHaveLength(1);
  });
});
