import { accountsOn } from '../support/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInvoke } from '../../src/main/core/contract/contract-dispatch';
import type { Accounts } from '../../src/main/core/accounts/accounts';
import { usePerch } from '../../src/renderer/src/store';
import type { PerchBridge } from '../../src/shared/ipc/contract';
import type { RunningSandbox } from '../../src/sandbox/server';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

let account: RunningSandbox;
let accounts: Accounts;
let close: () => Promise<void>;

/** The renderer's store on the real core, with the transport taken out: invoke and events in-process. */
const bridgeFor = (s: Accounts): PerchBridge => ({
  invoke: (channel, ...args) => dispatchInvoke(s.handlers, channel, args) as never,
  on: (event, listener) => s.events.on(event, listener),
});

beforeAll(async () => {
  account = await sandbox({ conversationsPerApp: 15 });
  const created = await accountsOn({
    prefix: 'perch-store-',
    demo: { persist: false, conversationsPerApp: 12, seed: 3 },
  });
  accounts = created.accounts;
  close = created.close;
  await accounts.start();
  await until(() => accounts.workspace?.inbox.snapshot().progress.done === true, { what: 'the demo inbox' });
});
afterAll(async () => {
  await close();
  await account.close();
});

describe('the renderer store with several accounts', () => {
  it('holds the demo and an account side by side, writes through each conversation’s account, and drops only the account signed out', async () => {
    await usePerch.getState().connect(bridgeFor(accounts));
    const demoKeys = [...usePerch.getState().rows.keys()];
    expect(usePerch.getState().accounts.map((a) => a.id)).toEqual(['demo']);
    expect(demoKeys.length).toBeGreaterThan(0);
    expect(demoKeys.every((key) => key.startsWith('demo/'))).toBe(true);
    const demoRow = usePerch.getState().rows.get(demoKeys[0]!)!;
    await usePerch.getState().open('demo', demoRow.id);

    const app = account.info.apps[0]!;
    const result = await usePerch.getState().connectAccount({
      baseUrl: account.info.baseUrl,
      appId: app.id,
      adminId: app.adminId,
      token: app.token,
      keepDemo: true,
    });
    expect(result).toMatchObject({ ok: true });
    const accountId = usePerch.getState().accounts.find((a) => a.mode === 'account')?.id;
    expect(accountId).toBeDefined();
    const ofAccount = () => [...usePerch.getState().rows.values()].filter((r) => r.accountId === accountId);
    await until(() => ofAccount().length > 0 && usePerch.getState().progress.done, {
      what: 'the account’s rows beside the demo’s',
    });
    const state = usePerch.getState();
    expect(state.accounts.map((a) => a.id).sort()).toEqual([accountId, 'demo'].sort());
    // The demo's rows and its open conversation stay; the account's rows are all its own.
    expect(demoKeys.every((key) => state.rows.has(key))).toBe(true);
    expect(state.conversation?.key).toBe(`demo/${demoRow.id}`);
    expect(ofAccount().every((r) => account.store.conversations.get(r.id)?.appId === app.id)).toBe(true);
    expect(state.admins.get(accountId!)).toBe(app.adminId);
    expect(state.totals.all).toBe(state.statuses.demo!.totals.all + state.statuses[accountId!]!.totals.all);
    expect(JSON.stringify(state)).not.toContain(app.token);

    // A note in the account's conversation reaches the account's server, not the demo's.
    const target = ofAccount()[0]!;
    await usePerch.getState().open(accountId!, target.id);
    expect(await usePerch.getState().send('A note through the account', 'note')).toBe(true);
    await until(
      () =>
        account.store.conversations.get(target.id)!.parts.some((p) => p.body.includes('A note through the account')),
      { what: 'the note on the account’s server' },
    );

    // Marking read groups the keys per account: each account hears of its own conversations.
    const unreadOf = (id: string) =>
      [...usePerch.getState().rows.entries()].find(([, r]) => r.accountId === id && r.unread > 0)?.[0];
    const keys = [unreadOf('demo'), unreadOf(accountId!)].filter((k): k is string => k !== undefined);
    expect(keys.length).toBe(2);
    await usePerch.getState().markRead(keys);
    await until(() => keys.every((key) => usePerch.getState().rows.get(key)?.unread === 0), {
      what: 'both conversations read, each in its account',
    });

    await usePerch.getState().signOut(accountId!);
    await until(() => ofAccount().length === 0 && usePerch.getState().accounts.length === 1, {
      what: 'the account gone, the demo kept',
    });
    expect(usePerch.getState().conversation).toBeNull();
    expect(demoKeys.every((key) => usePerch.getState().rows.has(key))).toBe(true);
  });

  it('reports a failed connection without adding or keeping anything', async () => {
    const before = usePerch.getState().accounts;
    const result = await usePerch
      .getState()
      .connectAccount({ baseUrl: account.info.baseUrl, appId: account.info.apps[0]!.id, adminId: '1', token: 'wrong' });
    expect(result).toMatchObject({ ok: false, failure: 'wrong-token' });
    expect(usePerch.getState().accounts).toEqual(before);
  });
});
