import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { credentialAccount, memoryCredentialStore } from '../../src/main/core/accounts/credentials';
import { accountIdOf } from '../../src/main/core/accounts/saved-accounts';
import { createWorkspace } from '../../src/main/core/compose';
import type { RunningSandbox } from '../../src/sandbox/server';
import { sandbox } from '../support/sandbox';
import { testAccounts } from '../support/accounts';
import { until } from '../support/until';

let sbx: RunningSandbox;
const open: (() => Promise<void>)[] = [];

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 12 });
});
afterEach(async () => {
  for (const close of open.splice(0)) await close();
  await sbx.close();
});

describe('an existing single-account set-up', () => {
  it('becomes the first account with its cache, unsent writes and drafts', async () => {
    const app = sbx.info.apps[0]!;
    const credentials = memoryCredentialStore();
    const { dir, ...first } = await testAccounts({ credentials, prefix: 'perch-migrate-' });
    await first.close();
    // What an earlier Perch left: account.json naming one account, its token, and its folder.
    await writeFile(
      join(dir, 'account.json'),
      JSON.stringify({ baseUrl: sbx.info.baseUrl, appId: app.id, adminId: app.adminId, welcomed: true }),
    );
    await credentials.set(credentialAccount(sbx.info.baseUrl, app.id, app.adminId), app.token);
    const folder = join(dir, accountIdOf(sbx.info.baseUrl, app.id));
    const before = createWorkspace(
      {
        id: accountIdOf(sbx.info.baseUrl, app.id),
        mode: 'account',
        baseUrl: sbx.info.baseUrl,
        appId: app.id,
        adminId: app.adminId,
        token: app.token,
      },
      { notifier: new RecordingNotifier(), dataDir: folder, openExternal: async () => {}, realtime: false },
    );
    await before.workspace.start();
    await until(() => before.workspace.inbox.snapshot().progress.done, { what: 'the earlier inbox' });
    const conversation = before.workspace.inbox.snapshot().rows[0]!;
    await before.workspace.handlers['draft:set'](conversation.id, { reply: 'a draft from before', note: '' });
    // The server is down: the reply waits in the outbox when that Perch closes.
    sbx.faults.settings = { ...sbx.faults.settings, errorRate: 1, errorStatuses: [503] };
    await before.workspace.handlers['conversation:reply']({
      conversationId: conversation.id,
      body: 'written before the update',
      kind: 'reply',
    });
    await before.close();
    sbx.faults.settings = { ...sbx.faults.settings, errorRate: 0 };
    const cachedRows = JSON.parse(await readFile(join(folder, `inbox-${app.id}.json`), 'utf8'));
    expect(cachedRows).toBeTruthy();

    const after = await testAccounts({ dataDir: dir, credentials });
    open.push(after.close);
    // The cached inbox is there before the first poll answers.
    sbx.faults.settings = { ...sbx.faults.settings, latencyMs: 1500 };
    await after.accounts.start();
    const [account] = after.accounts.state().accounts;
    expect(account).toMatchObject({ id: accountIdOf(sbx.info.baseUrl, app.id), appId: app.id, status: 'connected' });
    expect(after.accounts.state().accounts).toHaveLength(1);
    const page = await after.accounts.handlers['inbox:get']();
    expect(page.rows.map((r) => r.id)).toContain(conversation.id);
    sbx.faults.settings = { ...sbx.faults.settings, latencyMs: 0 };
    expect(await after.accounts.handlers['draft:get'](account!.id, conversation.id)).toEqual({
      reply: 'a draft from before',
      note: '',
    });
    const record = sbx.store.conversations.get(conversation.id)!;
    await until(() => record.parts.some((p) => p.body === 'written before the update'), { what: 'the unsent reply' });
    expect(record.parts.filter((p) => p.body === 'written before the update')).toHaveLength(1);
    // account.json is in today's shape now, and still holds no token.
    const saved = JSON.parse(await readFile(join(dir, 'account.json'), 'utf8'));
    expect(saved).toMatchObject({ accounts: [{ appId: app.id, adminId: app.adminId }] });
    expect(saved).not.toHaveProperty('baseUrl');
    expect(JSON.stringify(saved)).not.toContain(app.token);
  });
});
