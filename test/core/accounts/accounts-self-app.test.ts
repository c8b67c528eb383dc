import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { credentialAccount, memoryCredentialStore } from '../../../src/main/core/accounts/credentials';
import type { CredentialStore } from '../../../src/main/core/ports';
import { ALL_SCOPES } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { sandbox } from '../../support/sandbox';
import { accountsOn } from '../../support/accounts';
import { until } from '../../support/until';

let account: RunningSandbox;
const open: (() => Promise<void>)[] = [];
beforeAll(async () => {
  account = await sandbox();
});
afterAll(() => account.close());
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

async function start(dataDir?: string, credentials: CredentialStore = memoryCredentialStore()) {
  const { dir, ...created } = await accountsOn({ dataDir, credentials, prefix: 'perch-self-app-' });
  open.push(created.close);
  await created.accounts.start();
  return { accounts: created.accounts, dir, credentials };
}

/** An application with no conversations and no visitors: nothing names it but the token. */
function emptyApplication(id: string, token: string) {
  account.store.apps.set(id, { id, name: 'Empty', defaultAdminId: '1' });
  account.store.tokens.set(token, { token, appId: id, scopes: new Set(ALL_SCOPES) });
}

describe('connecting with the address, the administrator and the token only', () => {
  it('learns the application from the token and keys the token by application and administrator', async () => {
    const app = account.info.apps[1]!;
    const { accounts, credentials } = await start();
    const result = await accounts.connect({ baseUrl: account.info.baseUrl, adminId: app.adminId, token: app.token });
    expect(result).toMatchObject({
      ok: true,
      accountsState: { accounts: [{ mode: 'account', appId: app.id, adminId: app.adminId }] },
    });
    expect(await credentials.get(credentialAccount(account.info.baseUrl, app.id, app.adminId))).toBe(app.token);
    await until(() => accounts.workspace?.inbox.snapshot().progress.done === true, { what: 'the inbox to load' });
    const rows = accounts.workspace!.inbox.snapshot().rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => account.store.conversations.get(r.id)?.appId === app.id)).toBe(true);
  });

  it('keeps two tokens of one application apart', async () => {
    const app = account.info.apps[0]!;
    const second = 'second-admin-token';
    account.store.tokens.set(second, { ...account.store.tokens.get(app.token)!, token: second });
    const credentials = memoryCredentialStore();
    await credentials.set(credentialAccount(account.info.baseUrl, app.id, '5'), second);
    await credentials.set(credentialAccount(account.info.baseUrl, app.id, app.adminId), app.token);
    expect(await credentials.get(credentialAccount(account.info.baseUrl, app.id, '5'))).toBe(second);
    expect(await credentials.get(credentialAccount(account.info.baseUrl, app.id, app.adminId))).toBe(app.token);
  });

  it('asks for the application ID when the token’s application is empty, and accepts it typed', async () => {
    emptyApplication('990', 'empty-app-token');
    const { accounts } = await start();
    const form = { baseUrl: account.info.baseUrl, adminId: '1', token: 'empty-app-token' };
    expect(await accounts.connect(form)).toMatchObject({ ok: false, failure: 'app-unknown' });
    expect(accounts.state().accounts[0]!.mode).toBe('sandbox');
    expect(await accounts.connect({ ...form, appId: '101' })).toMatchObject({ ok: false, failure: 'wrong-app' });
    expect(await accounts.connect({ ...form, appId: '990' })).toMatchObject({
      ok: true,
      accountsState: { accounts: [{ mode: 'account', appId: '990' }] },
    });
  });

  it('says "another application" when a typed ID is not the token’s', async () => {
    const { accounts } = await start();
    const app = account.info.apps[0]!;
    expect(
      await accounts.connect({
        baseUrl: account.info.baseUrl,
        appId: account.info.apps[1]!.id,
        adminId: app.adminId,
        token: app.token,
      }),
    ).toMatchObject({ ok: false, failure: 'wrong-app' });
  });

  it('moves a token saved under the old key (address and application) to the new one on start', async () => {
    const app = account.info.apps[0]!;
    const dir = await mkdtemp(join(tmpdir(), 'perch-self-app-'));
    const credentials = memoryCredentialStore();
    const oldKey = `${account.info.baseUrl}#${app.id}`;
    await credentials.set(oldKey, app.token);
    await writeFile(
      join(dir, 'account.json'),
      JSON.stringify({ baseUrl: account.info.baseUrl, appId: app.id, adminId: app.adminId, welcomed: true }),
    );
    const { accounts } = await start(dir, credentials);
    expect(accounts.state()).toMatchObject({
      accounts: [{ mode: 'account', appId: app.id, adminId: app.adminId, status: 'connected' }],
    });
    expect(await credentials.get(credentialAccount(account.info.baseUrl, app.id, app.adminId))).toBe(app.token);
    expect(await credentials.get(oldKey)).toBeNull();
  });
});
