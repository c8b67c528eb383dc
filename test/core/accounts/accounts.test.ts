import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { credentialAccount, memoryCredentialStore, refusingStore } from '../../../src/main/core/accounts/credentials';
import type { CredentialStore } from '../../../src/main/core/ports';
import type { AccountsState } from '../../../src/shared/ipc/contract';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { sandbox } from '../../support/sandbox';
import { accountsOn } from '../../support/accounts';
import { until } from '../../support/until';

let account: RunningSandbox;
let notApi: Server;
const open: (() => Promise<void>)[] = [];

beforeAll(async () => {
  account = await sandbox();
  notApi = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome to nginx</html>'),
  );
  await new Promise<void>((resolve) => notApi.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await account.close();
  await new Promise((resolve) => notApi.close(resolve));
});
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

async function start(dataDir?: string, credentials: CredentialStore = memoryCredentialStore()) {
  const { dir, ...created } = await accountsOn({ dataDir, credentials, prefix: 'perch-accounts-' });
  open.push(created.close);
  const changes: AccountsState[] = [];
  created.accounts.events.on('account:changed', (state) => changes.push(state));
  await created.accounts.start();
  return { accounts: created.accounts, dir, credentials, changes, close: created.close };
}

const form = (overrides: Partial<{ baseUrl: string; appId: string; adminId: string; token: string }> = {}) => {
  const app = account.info.apps[0]!;
  return { baseUrl: account.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token, ...overrides };
};

async function loadedRows(accounts: {
  workspace: { inbox: { snapshot(): { rows: { id: string }[]; progress: { done: boolean } } } } | null;
}) {
  await until(() => accounts.workspace?.inbox.snapshot().progress.done === true, { what: 'the inbox to load' });
  return accounts.workspace!.inbox.snapshot().rows;
}

describe('accounts', () => {
  it('starts a first run in the demo behind the welcome choice, and remembers the choice', async () => {
    const first = await start();
    expect(first.accounts.state()).toMatchObject({ accounts: [{ id: 'demo', mode: 'sandbox' }], welcomed: false });
    expect((await loadedRows(first.accounts)).length).toBeGreaterThan(0);
    await first.accounts.useDemo();
    await first.close();
    const again = await start(first.dir);
    expect(again.accounts.state()).toMatchObject({ accounts: [{ mode: 'sandbox' }], welcomed: true });
  });

  it('names each way a connection fails, and saves nothing', async () => {
    const { accounts, credentials, dir } = await start();
    const other = account.info.apps[1]!;
    const readOnly = account.info.limitedTokens.find((t) => t.appId === account.info.apps[0]!.id)!;
    const attempts = [
      [form({ baseUrl: 'ftp://example.com' }), 'invalid-url'],
      [form({ baseUrl: 'http://127.0.0.1:1' }), 'unreachable'],
      [form({ baseUrl: `http://127.0.0.1:${(notApi.address() as AddressInfo).port}` }), 'not-api'],
      [form({ token: 'not-a-token' }), 'wrong-token'],
      [form({ appId: other.id }), 'wrong-app'],
      [form({ appId: '999999' }), 'wrong-app'],
      [form({ token: readOnly.token }), 'missing-scopes'],
    ] as const;
    for (const [attempt, failure] of attempts) {
      const result = await accounts.connect(attempt);
      expect(result, `${failure} for ${attempt.baseUrl}`).toMatchObject({ ok: false, failure });
    }
    const missing = await accounts.connect(form({ token: readOnly.token }));
    expect(missing).toMatchObject({ missing: ['conversations-write'] });
    expect(
      await credentials.get(
        credentialAccount(account.info.baseUrl, account.info.apps[0]!.id, account.info.apps[0]!.adminId),
      ),
    ).toBeNull();
    expect(
      existsSync(join(dir, 'account.json')) ? JSON.parse(await readFile(join(dir, 'account.json'), 'utf8')) : {},
    ).not.toHaveProperty('accounts');
    expect(accounts.state().accounts.map((a) => a.mode)).toEqual(['sandbox']);
  });

  it('connects accounts: tokens in the credential store only, the accounts again after a restart, each signed out alone', async () => {
    const first = await start();
    const result = await first.accounts.connect(form({ baseUrl: `${account.info.baseUrl}/` }));
    expect(result).toMatchObject({
      ok: true,
      missingOptional: [],
      // The first account takes the demo's place.
      accountsState: {
        accounts: [{ mode: 'account', baseUrl: account.info.baseUrl, status: 'connected' }],
        welcomed: true,
      },
    });
    expect(result.ok && result.accountsState.accounts).toHaveLength(1);
    const key = credentialAccount(account.info.baseUrl, account.info.apps[0]!.id, account.info.apps[0]!.adminId);
    expect(await first.credentials.get(key)).toBe(account.info.apps[0]!.token);
    const saved = await readFile(join(first.dir, 'account.json'), 'utf8');
    expect(saved).not.toContain(account.info.apps[0]!.token);
    const ids = (await loadedRows(first.accounts)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => account.store.conversations.get(id)?.appId === account.info.apps[0]!.id)).toBe(true);
    expect(first.changes.at(-1)?.accounts.map((a) => a.mode)).toEqual(['account']);
    await first.close();

    const second = await start(first.dir, first.credentials);
    expect(second.accounts.state()).toMatchObject({ accounts: [{ mode: 'account', status: 'connected' }] });
    // What the shell knows of the agent's attention carries over to the workspace of a new account.
    second.accounts.setAttention({ windowFocused: true, onBattery: true });
    const other = account.info.apps[1]!;
    expect(
      await second.accounts.connect(form({ appId: other.id, adminId: other.adminId, token: other.token })),
    ).toMatchObject({ ok: true });
    const [firstId, otherId] = second.accounts.state().accounts.map((a) => a.id);
    expect(second.accounts.state().accounts.map((a) => a.appId)).toEqual([account.info.apps[0]!.id, other.id]);
    expect(second.accounts.workspaceOf(otherId!)!.currentAttention).toMatchObject({
      windowFocused: true,
      onBattery: true,
    });
    // Both tokens are kept, each under its own entry.
    expect(await first.credentials.get(key)).toBe(account.info.apps[0]!.token);
    const otherKey = credentialAccount(account.info.baseUrl, other.id, other.adminId);
    expect(await first.credentials.get(otherKey)).toBe(other.token);
    // Signing one out leaves the other working.
    const afterOne = await second.accounts.signOut(firstId!);
    expect(afterOne).toMatchObject({ accounts: [{ id: otherId, status: 'connected' }], welcomed: true });
    expect(await first.credentials.get(key)).toBeNull();
    expect(await first.credentials.get(otherKey)).toBe(other.token);
    expect(second.accounts.workspaceOf(otherId!)!.inbox.health).not.toBe('signed-out');
    // The last one out brings the demo back, behind the first-run choice.
    const signedOut = await second.accounts.signOut(otherId!);
    expect(signedOut).toMatchObject({ accounts: [{ mode: 'sandbox' }], welcomed: false });
    expect(await first.credentials.get(otherKey)).toBeNull();
  });

  it('offers to reconnect when the token is refused, or missing from the keychain', async () => {
    const extra = 'revocable-token';
    account.store.tokens.set(extra, { ...account.store.tokens.get(account.info.apps[0]!.token)!, token: extra });
    const { accounts, changes, dir, credentials } = await start();
    expect(await accounts.connect(form({ token: extra }))).toMatchObject({ ok: true });
    account.store.tokens.delete(extra);
    await until(() => changes.some((c) => c.accounts.some((a) => a.status === 'refused')), {
      what: 'the refused token to be reported',
    });
    expect(changes.at(-1)).toMatchObject({
      accounts: [{ mode: 'account', appId: account.info.apps[0]!.id, status: 'refused' }],
    });

    // The keychain lost the token: Perch shows the demo and offers the account again.
    await credentials.delete(
      credentialAccount(account.info.baseUrl, account.info.apps[0]!.id, account.info.apps[0]!.adminId),
    );
    const restarted = await start(dir, credentials);
    expect(restarted.accounts.state()).toMatchObject({
      accounts: [
        { mode: 'account', baseUrl: account.info.baseUrl, status: 'no-token' },
        { mode: 'sandbox', status: 'connected' },
      ],
      welcomed: true,
    });
  });

  it('keeps a token in a plain file only when nothing secure exists and the agent agrees', async () => {
    const { accounts, dir } = await start(undefined, refusingStore);
    expect(accounts.state().tokenStorage).toBe('none');
    expect(await accounts.connect(form())).toMatchObject({ ok: false, failure: 'no-secure-storage' });
    expect(existsSync(join(dir, 'tokens.plain.json'))).toBe(false);
    expect(accounts.state().accounts.map((a) => a.mode)).toEqual(['sandbox']);

    expect(await accounts.connect({ ...form(), allowPlainToken: true })).toMatchObject({
      ok: true,
      accountsState: { tokenStorage: 'plain', accounts: [{ mode: 'account' }] },
    });
    const file = join(dir, 'tokens.plain.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      [credentialAccount(account.info.baseUrl, account.info.apps[0]!.id, account.info.apps[0]!.adminId)]:
        account.info.apps[0]!.token,
    });
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'account.json'), 'utf8'))).toMatchObject({ allowPlainToken: true });
  });

  it('keeps the demo across restarts, with what the agent wrote in it', async () => {
    const first = await start();
    const row = (await loadedRows(first.accounts))[0]!;
    const item = await first.accounts.handlers['conversation:reply']('demo', {
      conversationId: row.id,
      body: 'kept in the demo',
      kind: 'note',
    });
    await until(() => first.accounts.workspace!.outbox.list().every((i) => i.id !== item.id), {
      what: 'the note to be sent',
    });
    await first.close();
    const again = await start(first.dir);
    const { parts } = await again.accounts.handlers['conversation:open']('demo', row.id);
    expect(parts.map((p) => p.body)).toContain('kept in the demo');
  });

  it('runs connect, sign-out and rename one at a time: a slow keychain cannot bring a signed-out account back', async () => {
    const inner = memoryCredentialStore();
    let slow = false;
    const credentials: CredentialStore = {
      ...inner,
      kind: inner.kind,
      get: (key) => inner.get(key),
      delete: (key) => inner.delete(key),
      set: async (key, value) => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, 300));
        return inner.set(key, value);
      },
    };
    const { accounts } = await start(undefined, credentials);
    expect(await accounts.connect(form())).toMatchObject({ ok: true });
    const firstId = accounts.state().accounts[0]!.id;
    slow = true;
    const other = account.info.apps[1]!;
    const connecting = accounts.connect(form({ appId: other.id, adminId: other.adminId, token: other.token }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signingOut = accounts.signOut(firstId);
    const renaming = accounts.updateAccount(firstId, { label: 'gone soon' }).catch((e: Error) => e.message);
    await Promise.all([connecting, signingOut, renaming]);
    expect(accounts.state().accounts.map((a) => a.appId)).toEqual([other.id]);
    expect(accounts.workspaceOf(firstId)).toBeNull();
    const saved = JSON.parse(await readFile(join(accounts['deps'].dataDir, 'account.json'), 'utf8'));
    expect(saved.accounts.map((a: { appId: number }) => a.appId)).toEqual([other.id]);
  });

  it('keeps the demo beside the first account when asked', async () => {
    const { accounts } = await start();
    expect(await accounts.connect({ ...form(), keepDemo: true })).toMatchObject({ ok: true });
    expect(accounts.state().accounts.map((a) => a.mode)).toEqual(['account', 'sandbox']);
  });

  it('keeps every whole account of a damaged account.json', async () => {
    const { accounts, dir, credentials } = await start();
    expect(await accounts.connect(form())).toMatchObject({ ok: true });
    const saved = JSON.parse(await readFile(join(dir, 'account.json'), 'utf8'));
    saved.accounts.push({ id: 'account-zz', baseUrl: 7 });
    await writeFile(join(dir, 'account.json'), JSON.stringify(saved));
    await accounts.close();
    const again = await start(dir, credentials);
    expect(again.accounts.state().accounts).toMatchObject([{ appId: account.info.apps[0]!.id, status: 'connected' }]);
    expect(again.accounts.state().damaged).toMatchObject([{ file: 'account', kept: 1, total: 2 }]);
  });
});
