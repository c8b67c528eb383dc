import { describe, expect, it } from 'vitest';
import {
  directoryAccountOf,
  healthOf,
  idsByAccount,
  liveWayOf,
  overallHealth,
  splitKey,
  sumTotals,
} from '../../src/renderer/src/state/accounts-view';
import type { AccountInfo, InboxStatus } from '../../src/shared/ipc/contract';

const account = (id: string, status: AccountInfo['status'] = 'connected'): AccountInfo => ({
  id,
  mode: id === 'demo' ? 'sandbox' : 'account',
  baseUrl: 'https://api.example',
  appId: '1',
  adminId: '7',
  label: id,
  color: 'blue',
  status,
  liveUpdates: true,
});
const standing = (all: number, health: InboxStatus['health'], done = true): InboxStatus => ({
  totals: { all, mine: 1, unassigned: 0 },
  health,
  progress: { loaded: all, done },
});
const A = 'account-00000000000000a1';
const B = 'account-00000000000000b2';

describe('the accounts as the screens read them', () => {
  it('say live updates are off when the accounts not live were switched off by the agent', () => {
    const live = { ...standing(1, 'ok'), realtime: 'connected' as const };
    const off = { ...standing(1, 'ok'), realtime: 'off' as const };
    const switchedOff = { ...account(B), liveUpdates: false };
    expect(liveWayOf([account(A), switchedOff], { [A]: live, [B]: off })).toBe('off');
    expect(liveWayOf([switchedOff], { [B]: off })).toBe('off');
    expect(liveWayOf([account(A)], { [A]: live })).toBe('live');
    // An account that should be live and is not says more than a switch the agent chose.
    expect(liveWayOf([account(A), switchedOff], { [A]: off, [B]: off })).toBe('polling');
  });

  it('sums every account’s counts; health is the worst of the connected ones', () => {
    const statuses = { [A]: standing(3, 'ok'), [B]: standing(4, 'offline'), demo: standing(5, 'ok') };
    expect(sumTotals(statuses)).toEqual({ all: 12, mine: 3, unassigned: 0 });
    expect(overallHealth([account(A), account(B), account('demo')], statuses)).toBe('offline');
    // An account waiting for a reconnect does not make the others look offline: it has its own word.
    expect(overallHealth([account(A), account(B, 'refused')], statuses)).toBe('ok');
    expect(healthOf(account(B, 'refused'), statuses[B])).toBe('reconnect');
    expect(healthOf(account(B), statuses[B])).toBe('offline');
  });

  it('shows the directory of the account chosen there, else the sidebar’s, else the first running', () => {
    const accounts = [account(A, 'no-token'), account(B), account('demo')];
    expect(directoryAccountOf({ accounts, directoryChoice: null, accountFilter: null })).toBe(B);
    expect(directoryAccountOf({ accounts, directoryChoice: null, accountFilter: 'demo' })).toBe('demo');
    expect(directoryAccountOf({ accounts, directoryChoice: B, accountFilter: 'demo' })).toBe(B);
    // An account without a running workspace has no directory to show.
    expect(directoryAccountOf({ accounts, directoryChoice: A, accountFilter: A })).toBe(B);
    expect(directoryAccountOf({ accounts: [account(A, 'insecure')], directoryChoice: null, accountFilter: null })).toBe(
      null,
    );
  });

  it('groups conversation keys per account, and splits a key back into its account and ID', () => {
    const rows = new Map([
      [`${A}/5`, { accountId: A, id: '5' }],
      ['demo/5', { accountId: 'demo', id: '5' }],
      [`${A}/9`, { accountId: A, id: '9' }],
    ]);
    expect(idsByAccount([`${A}/9`, 'demo/5', `${A}/5`, 'gone/1'], rows)).toEqual(
      new Map([
        [A, ['9', '5']],
        ['demo', ['5']],
      ]),
    );
    expect(splitKey(`${A}/42`)).toEqual({ accountId: A, id: '42' });
  });
});
