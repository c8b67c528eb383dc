import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserHost, type BrowserHost } from '../../src/main/browser-host/host';
import { createAccountsWithDemo } from '../../src/main/demo/embedded-demo';
import { until } from '../support/until';
import { accountsOn } from '../support/accounts';
import { APP_PACE } from '../support/workspace-on';

let host: BrowserHost;
let close: () => Promise<void>;
let accounts: Awaited<ReturnType<typeof createAccountsWithDemo>>['accounts'];

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'perch-host-sounds-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Perch</title>');
  ({ accounts, close } = await accountsOn({
    dataDir: dir,
    plainTokenFile: false,
    workspace: APP_PACE,
    demo: { persist: false, conversationsPerApp: 5 },
    start: true,
  }));
  host = await startBrowserHost({ contract: accounts, rendererDir: dir });
});
afterAll(async () => {
  await host.close();
  await close();
});

/** A tab of the browser host that has said app:ready, and every event it received. */
async function readyTab(): Promise<{ ws: WebSocket; events: string[] }> {
  const ws = new WebSocket(host.url.replace('http://', 'ws://').replace('/?session=', '/ipc?session='), {
    origin: new URL(host.url).origin,
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const events: string[] = [];
  let ready = false;
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; id?: number; event?: string };
    if (message.type === 'event') events.push(message.event!);
    if (message.type === 'result' && message.id === 1) ready = true;
  });
  ws.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:ready', args: [] }));
  await until(() => ready, { what: 'the tab to be ready' });
  return { ws, events };
}

describe("the browser host's sounds", () => {
  it('plays a sound in one tab, the newest, while every tab gets the other events', async () => {
    const older = await readyTab();
    const newer = await readyTab();
    accounts.events.emit('alerts:sound', { sound: 'pop', volume: 70 });
    accounts.events.emit('settings:changed', {} as never);
    await until(() => older.events.includes('settings:changed') && newer.events.includes('settings:changed'), {
      what: 'both tabs to hear of the settings',
    });
    expect(newer.events.filter((e) => e === 'alerts:sound')).toHaveLength(1);
    expect(older.events).not.toContain('alerts:sound');
    older.ws.close();
    newer.ws.close();
  });
});
