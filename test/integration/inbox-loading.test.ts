import { accountsOn } from '../support/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInvoke } from '../../src/main/core/contract/contract-dispatch';
import type { Accounts } from '../../src/main/core/accounts/accounts';
import { unreadByView, VIEWS } from '../../src/renderer/src/features/inbox/inbox-filters';
import { usePerch } from '../../src/renderer/src/store';
import type { InboxRange, PerchBridge } from '../../src/shared/ipc/contract';
import { until } from '../support/until';

let accounts: Accounts;
let close: () => Promise<void>;
const ranges: (InboxRange | undefined)[] = [];

/** The renderer's store on the real core (its demo sandbox over HTTP), recording each inbox read. */
const bridgeFor = (s: Accounts): PerchBridge => ({
  invoke: (channel, ...args) => {
    if (channel === 'inbox:get') ranges.push(args[0] as InboxRange | undefined);
    return dispatchInvoke(s.handlers, channel, args) as never;
  },
  on: (event, listener) => s.events.on(event, listener),
});

beforeAll(async () => {
  const created = await accountsOn({
    prefix: 'perch-loading-',
    demo: { persist: false, conversationsPerApp: 3000, seed: 3 },
  });
  accounts = created.accounts;
  close = created.close;
  await accounts.start();
  await until(() => accounts.workspace?.inbox.snapshot().progress.done === true, {
    what: 'the demo inbox',
    ms: 30_000,
  });
}, 60_000);
afterAll(async () => {
  await close();
});

describe('the store loads a large inbox', () => {
  it('shows the first screen from one small read with every view sized, then takes the rest in chunks, ending equal to the core', async () => {
    const whole = accounts.workspace!.inbox.snapshot().rows;
    expect(whole.length).toBeGreaterThan(2000);
    await usePerch.getState().connect(bridgeFor(accounts));
    const first = usePerch.getState();
    // The workspace is usable with the first screen: the rest has not arrived yet.
    expect(ranges[0]).toEqual({ offset: 0, limit: 60 });
    expect(first.rows.size).toBe(60);
    expect(first.order).toEqual(whole.slice(0, 60).map((r) => `demo/${r.id}`));
    expect(first.pendingSizes?.open).toBe(whole.filter((r) => !r.closed).length);

    await until(() => usePerch.getState().pendingSizes === null, { what: 'every row in the store', ms: 30_000 });
    const done = usePerch.getState();
    expect(ranges.length).toBeGreaterThan(2);
    expect(ranges.every((range) => range !== undefined && range.limit <= 1000)).toBe(true);
    const now = accounts.workspace!.inbox.snapshot().rows;
    expect(done.order).toEqual(now.map((r) => `demo/${r.id}`));
    expect([...done.order].map((key) => done.rows.get(key))).toEqual(now.map((r) => ({ ...r, accountId: 'demo' })));
    expect(done.unreadCounts).toEqual(unreadByView(done.rows, VIEWS, done.admins));
  }, 60_000);

  it('asks for the rows after the first screen only once that screen is shown', async () => {
    ranges.length = 0;
    let shown = () => {};
    const firstScreenShown = new Promise<void>((resolve) => (shown = resolve));
    await usePerch.getState().connect(bridgeFor(accounts), undefined, firstScreenShown);
    expect(usePerch.getState().rows.size).toBe(60);
    // While the first screen is being drawn, nothing else is read and parsed beside it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ranges).toEqual([{ offset: 0, limit: 60 }]);
    expect(usePerch.getState().pendingSizes).not.toBeNull();

    shown();
    await until(() => usePerch.getState().pendingSizes === null, { what: 'every row in the store', ms: 30_000 });
    expect(ranges.length).toBeGreaterThan(2);
    expect(usePerch.getState().rows.size).toBe(accounts.workspace!.inbox.snapshot().rows.length);
  }, 60_000);
});
