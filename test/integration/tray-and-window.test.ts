import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInvoke } from '../../src/main/core/contract/contract-dispatch';
import { credentialAccount, memoryCredentialStore } from '../../src/main/core/accounts/credentials';
import type { Accounts } from '../../src/main/core/accounts/accounts';
import { usePerch } from '../../src/renderer/src/store';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { AccountsSummary } from '../../src/shared/accounts-summary';
import type { AccountInfo, PerchBridge } from '../../src/shared/ipc/contract';
import { accountsOn } from '../support/accounts';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

/**
 * The tray (main) and the window's sidebar (the renderer's store) show every account together
 * by one rule: for the same accounts they say the same count and health, whatever state each
 * account is in.
 */
let platform: RunningSandbox;
let accounts: Accounts;
const tray: AccountsSummary[] = [];
const closing: (() => Promise<void>)[] = [];

const bridgeFor = (s: Accounts): PerchBridge => ({
  invoke: (channel, ...args) => dispatchInvoke(s.handlers, channel, args) as never,
  on: (event, listener) => s.events.on(event, listener),
});
const formOf = (app: number) => {
  const { id, adminId, token } = platform.info.apps[app]!;
  return { baseUrl: platform.info.baseUrl, appId: id, adminId, token };
};
const accountOf = (app: number): AccountInfo =>
  usePerch.getState().accounts.find((a) => a.appId === platform.info.apps[app]!.id)!;
const window = (): AccountsSummary => ({ totals: usePerch.getState().totals, health: usePerch.getState().health });

/** Waits until tray and window agree on the health expected, then checks they agree on everything. */
async function agree(health: AccountsSummary['health'], what: string): Promise<AccountsSummary> {
  await until(() => tray.at(-1)?.health === health && window().health === health && usePerch.getState().progress.done, {
    what,
  });
  const shown = () => {
    const last = tray.at(-1);
    return last && JSON.stringify({ totals: last.totals, health: last.health });
  };
  await until(() => shown() === JSON.stringify(window()), { what: `${what}: the same counts` });
  return window();
}

beforeAll(async () => {
  platform = await sandbox({ conversationsPerApp: 12 });
  // Two accounts saved, then one loses its token from the keychain: it starts as "no-token".
  const credentials = memoryCredentialStore();
  const first = await accountsOn({ credentials, prefix: 'perch-tray-window-' });
  await first.accounts.start();
  for (const app of [0, 1]) expect(await first.accounts.connect(formOf(app))).toMatchObject({ ok: true });
  await first.close();
  const { id, adminId } = platform.info.apps[1]!;
  await credentials.delete(credentialAccount(platform.info.baseUrl, id, adminId));
  const created = await accountsOn({ credentials, dataDir: first.dir, indicator: { update: (s) => tray.push(s) } });
  closing.push(created.close);
  accounts = created.accounts;
  await accounts.start();
  await usePerch.getState().connect(bridgeFor(accounts));
});
afterAll(async () => {
  for (const close of closing) await close();
  await platform.close();
});

describe('the tray and the window', () => {
  it('say the same for accounts that need a sign-in, sync, are paused or were refused', async () => {
    // One account syncs, the other needs its token again: counted from the first, asking for a sign-in.
    expect(usePerch.getState().accounts.map((a) => a.status)).toEqual(['connected', 'no-token']);
    const missing = await agree('signed-out', 'a missing token');
    expect(missing.totals).toEqual(accounts.workspaceOf(accountOf(0).id)!.inbox.snapshot().totals);
    expect(missing.totals.all).toBeGreaterThan(0);

    // Signed in again: both sync, and both count.
    expect(await accounts.connect(formOf(1))).toMatchObject({ ok: true });
    const both = await agree('ok', 'both accounts syncing');
    const each = [0, 1].map((app) => accounts.workspaceOf(accountOf(app).id)!.inbox.snapshot().totals.all);
    expect(both.totals.all).toBe(each[0]! + each[1]!);

    // Live updates paused for one: polling still counts it, and the health stays.
    await accounts.updateAccount(accountOf(0).id, { liveUpdates: false });
    await until(() => accountOf(0).liveUpdates === false, { what: 'the window to hear of the switch' });
    expect(await agree('ok', 'live updates paused')).toEqual(both);

    // The server refuses the first account's token: its rows still count, and both ask for a sign-in.
    platform.store.tokens.delete(platform.info.apps[0]!.token);
    await until(() => accountOf(0).status === 'refused', { what: 'the refusal' });
    const refused = await agree('signed-out', 'a refused token');
    expect(refused.totals.all).toBe(each[0]! + each[1]!);
  });
});
