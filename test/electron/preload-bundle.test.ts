import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_CHANNELS, INVOKE_CHANNELS, wireName, type PerchBridge } from '../../src/shared/ipc/contract';
import { app, BrowserWindow, ipcMain, resetElectronDouble } from '../support/electron-double';
import { until } from '../support/until';
import { builtFile } from './plain-node/built';
import { runSandboxedPreload } from './plain-node/sandboxed-preload';
import { perchOnDouble, quitPerchOnDouble } from '../support/perch-on-double';

/** The renderer's side of IPC as the preload sees it: calls go where `route` sends them, events come from `deliver`. */
class RendererIpc extends EventEmitter {
  invoked: string[] = [];
  constructor(private readonly route: (channel: string, args: unknown[]) => Promise<unknown>) {
    super();
  }
  invoke(channel: string, ...args: unknown[]) {
    this.invoked.push(channel);
    return this.route(channel, args);
  }
  deliver(channel: string, payload: unknown) {
    this.emit(channel, { sender: this }, payload);
  }
}

const bundle = () => builtFile('preload/index.cjs');
const bridgeOf = (run: ReturnType<typeof runSandboxedPreload>) => run.exposed.get('perch') as PerchBridge;

/**
 * The built preload as a sandboxed renderer runs it, against the main process that
 * start.ts composes on the Electron double. Everything it uses (the channel declarations and
 * zod under them) must be bundled in: a sandboxed preload's `require` gives only electron,
 * events, timers and url. `npm test` builds before this suite.
 */
describe('the preload bundle', () => {
  beforeEach(async () => {
    resetElectronDouble();
    app.userDataPath = await mkdtemp(join(tmpdir(), 'perch-preload-'));
    await perchOnDouble({ preloadPath: bundle() });
  });
  afterEach(async () => {
    await quitPerchOnDouble();
  });

  it('runs sandboxed, requiring nothing but electron, and exposes only the bridge', () => {
    const required = [...readFileSync(bundle(), 'utf8').matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    const run = runSandboxedPreload(bundle(), new RendererIpc(async () => undefined));
    expect(run.required).toEqual(['electron']);
    expect([...run.exposed.keys()]).toEqual(['perch']);
    expect(Object.keys(bridgeOf(run)).sort()).toEqual(['invoke', 'on']);
  });

  it('every channel it calls has a handler in main, and main handles nothing else', async () => {
    const ipc = new RendererIpc(async () => ({ ok: true }));
    const bridge = bridgeOf(runSandboxedPreload(bundle(), ipc));
    for (const channel of INVOKE_CHANNELS) await (bridge.invoke as (c: string) => Promise<unknown>)(channel);
    expect(ipc.invoked).toEqual(INVOKE_CHANNELS.map(wireName));
    expect(new Set(ipc.invoked)).toEqual(new Set(ipcMain.handlers.keys()));
    // A name outside the contract never reaches IPC.
    expect(await (bridge.invoke as (c: string) => Promise<unknown>)('shell:exec')).toMatchObject({ ok: false });
    expect(() => (bridge.on as (e: string, l: () => void) => void)('perch:anything', () => {})).toThrow();
    expect(ipc.invoked).toHaveLength(INVOKE_CHANNELS.length);
  });

  it('a call reaches main as the window, and the events main sends reach the page', async () => {
    const window = BrowserWindow.instances[0]!;
    const sender = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    const ipc = new RendererIpc(async (channel, args) => ipcMain.invoke(channel, sender, ...args));
    const bridge = bridgeOf(runSandboxedPreload(bundle(), ipc));
    const received = new Map<string, unknown[]>();
    const stops = EVENT_CHANNELS.map((event) =>
      bridge.on(event, (payload) => received.set(event, [...(received.get(event) ?? []), payload])),
    );
    expect(new Set(ipc.eventNames())).toEqual(new Set(EVENT_CHANNELS.map(wireName)));

    expect(await bridge.invoke('app:ready')).toMatchObject({ ok: true });
    expect(await bridge.invoke('account:demo')).toMatchObject({ ok: true });
    await until(() => window.webContents.sent.some(([name]) => name === wireName('account:changed')), {
      what: 'main to send the accounts',
    });
    for (const [name, payload] of window.webContents.sent) ipc.deliver(name, payload);
    expect(received.get('account:changed')?.at(-1)).toMatchObject({ accounts: [{ id: 'demo' }] });

    for (const stop of stops) stop();
    expect(ipc.eventNames()).toEqual([]);
  });
});
