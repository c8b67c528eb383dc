import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialAccount } from '../../src/main/core/accounts/credentials';
import { keytarCandidate } from '../../src/main/electron/credentials/keytar-store';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { accountsOn } from '../support/accounts';
import { APP_PACE } from '../support/workspace-on';

// Connecting an account end to end with the real keychain: the token lands there and nowhere else.
let account: RunningSandbox;
beforeAll(async () => {
  account = await startSandbox({ port: 0, seed: 5, simulatorIntervalMs: false, conversationsPerApp: 10 });
});
afterAll(async () => {
  await account.close();
});

describe('connecting an account with the OS keychain', () => {
  it('keeps the token in the keychain, finds it after a restart, and removes it on sign-out', async () => {
    const service = `Perch-test-${randomUUID()}`;
    const keychain = (await keytarCandidate({ service }).probe())!;
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-keychain-'));
    const open = () =>
      accountsOn({
        dataDir,
        credentials: keychain,
        plainTokenFile: false,
        workspace: { ...APP_PACE, realtime: false },
        demo: { conversationsPerApp: 5 },
      });
    const app = account.info.apps[0]!;

    const first = await open();
    await first.accounts.start();
    expect(first.accounts.state().tokenStorage).toBe('keychain');
    expect(
      await first.accounts.connect({
        baseUrl: account.info.baseUrl,
        appId: app.id,
        adminId: app.adminId,
        token: app.token,
      }),
    ).toMatchObject({ ok: true });
    expect(await keychain.get(credentialAccount(account.info.baseUrl, app.id, app.adminId))).toBe(app.token);
    expect(await readFile(join(dataDir, 'account.json'), 'utf8')).not.toContain(app.token);
    await first.close();

    const second = await open();
    await second.accounts.start();
    expect(second.accounts.state().accounts[0]).toMatchObject({ mode: 'account', appId: app.id });
    await second.accounts.signOut(second.accounts.state().accounts[0]!.id);
    expect(await keychain.get(credentialAccount(account.info.baseUrl, app.id, app.adminId))).toBeNull();
    await second.close();
  });
});
