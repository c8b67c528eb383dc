import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchInvoke } from '../../src/main/core/contract/contract-dispatch';
import { memoryCredentialStore } from '../../src/main/core/accounts/credentials';
import type { CredentialStore } from '../../src/main/core/ports';
import type { RunningSandbox } from '../../src/sandbox/server';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';
import { QUICK_CADENCE } from '../support/quick-cadence';
import { accountsOn } from '../support/accounts';
import { APP_PACE } from '../support/workspace-on';

/**
 * An account's live updates switch (issue #25): off, Perch opens no realtime connection and
 * polling carries every change; on again, it connects. The choice is kept with the account.
 */

let platform: RunningSandbox;
const closers: (() => Promise<void>)[] = [];
beforeEach(async () => {
  platform = await sandbox({ realtime: true, conversationsPerApp: 8 });
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await platform.close();
});

/** Polls every 100 ms without realtime, every minute beside it: a change seen quickly came by the one open way. */

async function start(dataDir: string, credentials: CredentialStore) {
  const created = await accountsOn({
    dataDir,
    credentials,
    plainTokenFile: false,
    workspace: { ...APP_PACE, cadence: QUICK_CADENCE },
    demo: { conversationsPerApp: 3, persist: false },
  });
  closers.push(created.close);
  await created.accounts.start();
  return created.accounts;
}

async function connected(dataDir: string, credentials: CredentialStore) {
  const accounts = await start(dataDir, credentials);
  const app = platform.info.apps[0]!;
  const result = await accounts.connect({
    baseUrl: platform.info.baseUrl,
    appId: app.id,
    adminId: app.adminId,
    token: app.token,
  });
  if (!result.ok) throw new Error(`connect failed: ${result.failure}`);
  return { accounts, id: accounts.state().accounts[0]!.id };
}

type Accounts = Awaited<ReturnType<typeof start>>;
const realtimeOf = (accounts: Accounts, id: string) => accounts.running.get(id)?.status.realtime;
const openConversation = () =>
  [...platform.store.conversations.values()].find((c) => c.appId === platform.info.apps[0]!.id && !c.closed)!;

/** A visitor writes; the row shows it (by whichever way is open). */
async function visitorWrites(accounts: Accounts, id: string, body: string) {
  const c = openConversation();
  platform.simulator.writeInto(c, body);
  await until(() => accounts.workspaceOf(id)?.inbox.row(c.id)?.preview === body, { what: `"${body}" in the inbox` });
}

describe('the live updates switch', () => {
  it('off opens no realtime connection and polling carries the messages; on connects again, across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-live-switch-'));
    const credentials = memoryCredentialStore();
    const { accounts, id } = await connected(dir, credentials);
    await until(() => realtimeOf(accounts, id) === 'connected' && platform.realtime.connections === 1);

    const off = await accounts.handlers['account:update'](id, { liveUpdates: false });
    expect(off.accounts[0]).toMatchObject({ id, liveUpdates: false });
    await until(() => platform.realtime.connections === 0, { what: 'the connection to close' });
    await until(() => realtimeOf(accounts, id) === 'off');
    await visitorWrites(accounts, id, 'by polling');
    expect(platform.realtime.connections).toBe(0);

    // The choice is the account's: a restart keeps it, and opens no connection.
    await accounts.close();
    const again = await start(dir, credentials);
    expect(again.state().accounts[0]).toMatchObject({ id, status: 'connected', liveUpdates: false });
    await visitorWrites(again, id, 'after the restart');
    expect(realtimeOf(again, id)).toBe('off');
    expect(platform.realtime.connections).toBe(0);

    await again.handlers['account:update'](id, { liveUpdates: true });
    await until(() => realtimeOf(again, id) === 'connected' && platform.realtime.connections === 1, {
      what: 'a connection again',
    });
    expect(again.state().accounts[0]!.liveUpdates).toBe(true);
  });

  it('reads a damaged or missing value in the saved file as on, and keeps the account', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-live-damaged-'));
    const credentials = memoryCredentialStore();
    const { accounts, id } = await connected(dir, credentials);
    await accounts.handlers['account:update'](id, { liveUpdates: false });
    await accounts.close();
    const file = join(dir, 'account.json');
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.accounts[0].liveUpdates).toBe(false);
    saved.accounts[0].liveUpdates = 'nope';
    await writeFile(file, JSON.stringify(saved));

    const again = await start(dir, credentials);
    expect(again.state()).toMatchObject({ accounts: [{ id, liveUpdates: true }], damaged: [] });
    await until(() => realtimeOf(again, id) === 'connected', { what: 'a connection' });
  });

  it('refuses a switch that is not true or false, naming the field', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-live-args-'));
    const accounts = await start(dir, memoryCredentialStore());
    for (const value of ['off', 0, null]) {
      const result = await dispatchInvoke(accounts.handlers, 'account:update', ['demo', { liveUpdates: value }]);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-arguments', message: /liveUpdates/ } });
    }
    expect(accounts.state().accounts[0]).toMatchObject({ id: 'demo', liveUpdates: true });
  });
});
