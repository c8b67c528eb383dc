import { describe, expect, it } from 'vitest';
import {
  connectedSyncing,
  directoryAccountOf,
  healthOf,
  idsByAccount,
  liveWayOf,
  splitKey,
} from '../../../../src/renderer/src/features/accounts/accounts-view';
import { summarizeAccounts } from '../../../../src/shared/accounts-summary';
import type { AccountInfo, InboxStatus } from '../../../../src/shared/ipc/contract';

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

  it('sums the counts of every account with an inbox; health is the worst, a sign-in needed included', () => {
    const statuses = { [A]: standing(3, 'ok'), [B]: standing(4, 'offline'), demo: standing(5, 'ok') };
    expect(summarizeAccounts([account(A), account(B), account('demo')], statuses)).toEqual({
      totals: { all: 12, mine: 3, unassigned: 0 },
      health: 'offline',
    });
    // A refused token keeps its rows (and counts) and says it needs a sign-in, above any other health.
    expect(summarizeAccounts([account(A), account(B, 'refused')], statuses)).toEqual({
      totals: { all: 7, mine: 2, unassigned: 0 },
      health: 'signed-out',
    });
    // A token missing from the keychain has no inbox to count, and needs a sign-in too.
    expect(summarizeAccounts([account(A), account(B, 'no-token')], { [A]: statuses[A] })).toEqual({
      totals: { all: 3, mine: 1, unassigned: 0 },
      health: 'signed-out',
    });
    // Live updates switched off change neither: polling still counts.
    const paused: AccountInfo = { ...account(A), liveUpdates: false };
    expect(summarizeAccounts([paused], { [A]: statuses[A] }).health).toBe('ok');
    // Connected but not reported yet: starting; no account at all: starting.
    expect(summarizeAccounts([account(A)], {}).health).toBe('starting');
    expect(summarizeAccounts([], {})).toEqual({ totals: { all: 0, mine: 0, unassigned: 0 }, health: 'starting' });
    expect(healthOf(account(B, 'refused'), statuses[B])).toBe('reconnect');
    expect(healthOf(account(B), statuses[B])).toBe('offline');
  });

  it('tries failed reads again once every connected account syncs, whatever one waiting for a sign-in says', () => {
    const statuses = { [A]: standing(3, 'ok'), [B]: standing(4, 'signed-out') };
    expect(connectedSyncing([account(A), account(B, 'refused')], statuses)).toBe(true);
    expect(connectedSyncing([account(A), account(B)], { ...statuses, [B]: standing(4, 'offline') })).toBe(false);
    expect(connectedSyncing([account(A)], {})).toBe(false);
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
