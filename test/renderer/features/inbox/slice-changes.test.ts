import { describe, expect, it } from 'vitest';
import { inboxChanges, type InboxChangeState } from '../../../../src/renderer/src/features/inbox/slice-changes';
import { VIEWS } from '../../../../src/renderer/src/features/inbox/inbox-filters';
import { emptyInbox } from '../../../../src/renderer/src/features/inbox/slice-loading';
import type { InboxRow } from '../../../../src/shared/inbox';
import type { AccountInfo, InboxChange } from '../../../../src/shared/ipc/contract';
import { inboxRow } from '../../../support/inbox-rows';

const A = 'account-00000000000000a1';
const account: AccountInfo = {
  id: A,
  mode: 'account',
  baseUrl: 'https://api.example.com',
  appId: '1',
  adminId: '7',
  label: 'A',
  color: 'blue',
  status: 'connected',
  liveUpdates: true,
};

const row = (id: number, preview: string, lastUpdate: number) => inboxRow(id, { preview, lastUpdate });

const change = (upserted: InboxRow[], removed: string[], all: number): InboxChange => ({
  upserted,
  removed,
  totals: { all, mine: 0, unassigned: all },
  health: 'ok',
  progress: { loaded: all, done: true },
});

/** A store holding only what an inbox change touches, counting its updates. */
function storeOf() {
  let state: InboxChangeState = {
    ...emptyInbox(VIEWS, new Map([[A, '7']])),
    accounts: [account],
    statuses: {},
    totals: { all: 0, mine: 0, unassigned: 0 },
    health: 'starting',
    progress: { loaded: 0, done: false },
    loaded: false,
    typing: new Map(),
    sortEpoch: 0,
  };
  const store = {
    updates: 0,
    getState: () => state,
    setState: (partial: Partial<InboxChangeState>) => {
      store.updates++;
      state = { ...state, ...partial };
    },
  };
  return store;
}

describe('inbox changes during the first load', () => {
  it('hold while a load runs, fold each account’s changes into its latest rows, and apply them once when it ends', () => {
    const store = storeOf();
    const changes = inboxChanges(store);
    changes.hold();
    changes.receive({ accountId: A, value: change([row(1, 'first', 10), row(2, 'other', 11)], [], 2) });
    changes.receive({ accountId: A, value: change([row(1, 'second', 12)], [], 2) });
    changes.receive({ accountId: A, value: change([], ['2'], 1) });
    expect(store.updates).toBe(0);
    expect(store.getState().inbox.rows.size).toBe(0);

    changes.release();
    expect(store.updates).toBe(1);
    expect([...store.getState().inbox.rows.values()].map((r) => [r.id, r.preview])).toEqual([['1', 'second']]);
    expect(store.getState().totals.all).toBe(1);

    // Nothing held any more: a change applies as it comes.
    changes.receive({ accountId: A, value: change([row(3, 'live', 13)], [], 2) });
    expect(store.getState().inbox.rows.get(`${A}/3`)?.preview).toBe('live');
  });

  it('wait for every load that held them, so one overtaken by another cannot leave them held or release them early', () => {
    const store = storeOf();
    const changes = inboxChanges(store);
    changes.hold();
    changes.hold();
    changes.receive({ accountId: A, value: change([row(1, 'held', 10)], [], 1) });
    changes.release();
    expect(store.getState().inbox.rows.size).toBe(0);
    changes.release();
    expect(store.getState().inbox.rows.get(`${A}/1`)?.preview).toBe('held');
  });
});
