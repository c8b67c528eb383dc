import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAccountsFromEnv } from '../../../src/main/browser-host/accounts-from-env';
import type { Accounts } from '../../../src/main/core/accounts/accounts';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { deepLinkFor } from '../../../src/shared/deep-links';
import { sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { accountsOn } from '../../support/accounts';
import { APP_PACE } from '../../support/workspace-on';

/** Links routed by the accounts Perch holds: two applications of a sandbox over HTTP, each its own account. */
let sbx: RunningSandbox;
let accounts: Accounts;
let close: () => Promise<void>;
const navigated: unknown[] = [];
const refused: unknown[] = [];

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 4 });
  navigated.length = 0;
  refused.length = 0;
  ({ accounts, close } = await accountsOn({
    prefix: 'perch-links-',
    plainTokenFile: false,
    workspace: { ...APP_PACE, realtime: false },
    demo: { conversationsPerApp: 3, persist: false },
    start: true,
  }));
  const apps = sbx.info.apps.map((app) => ({ baseUrl: sbx.info.baseUrl, token: app.token, adminId: app.adminId }));
  expect(await connectAccountsFromEnv(accounts, { PERCH_ACCOUNTS: JSON.stringify(apps) })).toEqual([]);
  accounts.events.on('conversation:navigate', (event) => void navigated.push(event));
  accounts.events.on('deep-link:refused', (event) => void refused.push(event));
});

afterEach(async () => {
  await close();
  await sbx.close();
});

describe('links to conversations across accounts', () => {
  it('opens a conversation in the account the link names, and refuses one Perch signed out of', async () => {
    const second = sbx.info.apps[1]!;
    const account = accounts.state().accounts.find((a) => a.appId === second.id)!;
    const conversation = [...sbx.store.conversations.values()].find((c) => c.appId === second.id)!;
    await accounts.handlers['deep-link:open'](deepLinkFor(account.id, conversation.id));
    expect(navigated).toEqual([{ accountId: account.id, value: { conversationId: conversation.id } }]);
    // The link carries the account ID, never the token.
    expect(deepLinkFor(account.id, conversation.id)).not.toContain(second.token);

    await accounts.signOut(account.id);
    await until(() => !accounts.state().accounts.some((a) => a.id === account.id), { what: 'the sign-out' });
    await accounts.handlers['deep-link:open'](deepLinkFor(account.id, conversation.id));
    expect(refused).toEqual([{ problem: 'unknown-account' }]);
    expect(navigated).toHaveLength(1);
  });
});
