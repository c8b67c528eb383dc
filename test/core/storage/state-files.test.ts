import { isId } from '../../../src/shared/api/ids';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../../src/main/browser-host/host';
import { PlainFileStore } from '../../../src/main/core/accounts/credentials';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { DAMAGED_COPIES_KEPT } from '../../../src/node-lib/atomic-file';
import { StateDamage } from '../../../src/main/core/storage/state-damage';
import type { OutboxItem } from '../../../src/main/core/outbox/types';
import type { ConversationRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { connectionOn, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { APP_PACE, workspaceOn } from '../../support/workspace-on';
import { accountsOn } from '../../support/accounts';

/** Damaged state files on disk, read by the real loaders over a real sandbox. */

let account: RunningSandbox;
const open: (() => Promise<void>)[] = [];
beforeAll(async () => {
  account = await sandbox();
});
afterAll(() => account.close());
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

const silent = () => new StateDamage();
const tempDir = (name: string) => mkdtemp(join(tmpdir(), `perch-${name}-`));
const damagedCopies = async (dir: string, name: string) =>
  (await readdir(dir)).filter((f) => f.startsWith(`${name}.damaged-`));

async function startAccounts(dataDir: string, damage = silent()) {
  const created = await accountsOn({
    dataDir,
    plainTokenFile: false,
    damage,
    workspace: { ...APP_PACE, inboxIntervalMs: 100, realtime: false },
    demo: { conversationsPerApp: 10 },
  });
  open.push(created.close);
  await created.accounts.start();
  return { ...created, damage };
}

async function startWorkspace(dataDir: string, damage = silent()) {
  const opened = await workspaceOn(account, {
    ...APP_PACE,
    connection: { id: 'account-00000000000000a1' },
    notifier: new RecordingNotifier(),
    dataDir,
    inboxIntervalMs: 100,
    realtime: false,
    damage,
    start: false,
  });
  open.push(opened.close);
  await opened.workspace.start();
  return { workspace: opened.workspace, damage };
}

const openConversation = (): ConversationRecord =>
  [...account.store.conversations.values()].find(
    (c) => c.appId === account.info.apps[0]!.id && !c.closed && c.userReplies > 0,
  )!;

function item(conversationId: string, overrides: Partial<OutboxItem> = {}): OutboxItem {
  const randomId = Math.floor(Math.random() * 2 ** 31) + 1;
  return {
    id: `item-${randomId}`,
    action: { kind: 'reply', conversationId, body: `kept ${randomId}`, note: false },
    randomId,
    state: 'pending',
    attempts: 0,
    createdAt: Date.now(),
    nextAttemptAt: 0,
    ambiguous: false,
    lastError: null,
    partId: null,
    ...overrides,
  };
}

describe('damaged state files', () => {
  it('a truncated demo store: Perch starts a fresh demo, keeps the damaged copy and says so', async () => {
    const dir = await tempDir('demo');
    const first = await startAccounts(dir);
    await first.close();
    open.splice(0);
    const store = join(dir, 'demo', 'sandbox.json');
    const text = await readFile(store, 'utf8');
    await writeFile(store, text.slice(0, Math.floor(text.length / 2)));

    const { accounts } = await startAccounts(dir);
    expect(accounts.state().accounts[0]!.mode).toBe('sandbox');
    await until(() => (accounts.workspace?.inbox.snapshot().rows.length ?? 0) > 0, { what: 'the fresh demo inbox' });
    expect(accounts.state().damaged).toEqual([
      { file: 'demo', movedTo: expect.stringContaining('sandbox.json.damaged-'), kept: null, total: null },
    ]);
    expect(await damagedCopies(join(dir, 'demo'), 'sandbox.json')).toHaveLength(1);
    // The notice goes once the agent has read it.
    expect((await accounts.handlers['account:dismiss-damage']()).damaged).toEqual([]);
  });

  it.each([['{}'], ['[null]'], ['[{"state":"pending"}]'], ['{"broken": ']])(
    'an outbox file of %s: the workspace starts with an empty outbox and says so',
    async (content) => {
      const dir = await tempDir('outbox');
      await writeFile(join(dir, `outbox-${connectionOn(account).appId}.json`), content);
      const { workspace, damage } = await startWorkspace(dir);
      expect(workspace.outbox.list()).toEqual([]);
      expect(damage.list()).toEqual(
        [{ file: 'outbox', movedTo: expect.stringContaining('.damaged-'), kept: 0, total: expect.anything() }].map(
          (d) => (content.startsWith('[') ? d : { ...d, total: null, kept: null }),
        ),
      );
      expect(await damagedCopies(dir, `outbox-${connectionOn(account).appId}.json`)).toHaveLength(1);
    },
  );

  it('a partly damaged outbox: every valid item is kept and sent, and no attachment is deleted', async () => {
    const dir = await tempDir('outbox-partial');
    const appId = connectionOn(account).appId;
    const files = join(dir, `outbox-files-${appId}`);
    await mkdir(files);
    const orphan = '0b4f3c1e-1111-4222-8333-444455556666';
    await writeFile(join(files, orphan), 'bytes of a reply whose entry was damaged');
    const c = openConversation();
    const good = item(c.id);
    const damagedEntry = {
      ...item(c.id),
      action: { kind: 'reply', conversationId: 'x', attachment: { fileId: orphan } },
    };
    await writeFile(join(dir, `outbox-${appId}.json`), JSON.stringify([good, damagedEntry]));

    const { damage } = await startWorkspace(dir);
    expect(damage.list()).toEqual([
      { file: 'outbox', movedTo: expect.stringContaining('.damaged-'), kept: 1, total: 2 },
    ]);
    await until(() => c.parts.some((p) => p.randomId === good.randomId), { what: 'the kept reply to land' });
    expect(c.parts.filter((p) => p.randomId === good.randomId)).toHaveLength(1);
    expect(existsSync(join(files, orphan))).toBe(true);
  });

  it('a wrong inbox cache: no phantom row, and the sync reads the inbox again and is healthy', async () => {
    const dir = await tempDir('cache');
    await writeFile(
      join(dir, `inbox-${connectionOn(account).appId}.json`),
      '{"conversations":[{}],"cursor":{"bad":1},"seenAt":[]}',
    );
    const { workspace, damage } = await startWorkspace(dir);
    await until(() => workspace.inbox.snapshot().progress.done && workspace.inbox.health === 'ok', {
      what: 'a healthy full sync',
    });
    const rows = workspace.inbox.snapshot().rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => isId(r.id) && r.id !== '0')).toBe(true);
    expect(damage.list().map((d) => d.file)).toEqual(['inbox-cache']);
  });

  it('a damaged account.json: Perch starts in the demo behind the welcome choice and says so', async () => {
    const dir = await tempDir('account');
    await writeFile(join(dir, 'account.json'), '{"baseUrl": 7, "appId": "x", "welcomed": "yes"}');
    const { accounts } = await startAccounts(dir);
    expect(accounts.state()).toMatchObject({
      accounts: [{ mode: 'sandbox' }],
      welcomed: false,
      damaged: [{ file: 'account' }],
    });
  });

  it('a settings.json with a syntax error: Perch starts with the defaults and says so', async () => {
    const dir = await tempDir('settings');
    await writeFile(join(dir, 'settings.json'), '{"version": 2, "locale": "ru",');
    const { accounts, settings } = await startAccounts(dir);
    expect(settings.get().locale).toBe('auto');
    expect(accounts.state().damaged).toEqual([
      { file: 'settings', movedTo: expect.stringContaining('settings.json.damaged-'), kept: null, total: null },
    ]);
  });

  it('a damaged search store: kept aside, a fresh one started, and the agent told the search fills again', async () => {
    const dir = await tempDir('search');
    await writeFile(join(dir, 'search-index.jsonl'), '{"perchSearch":1}\n["add","demo/1",[1],"oops"\nnot json\n');
    const { accounts } = await startAccounts(dir);
    expect(accounts.state().damaged).toEqual([
      { file: 'search', movedTo: expect.stringContaining('search-index.jsonl.damaged-'), kept: null, total: null },
    ]);
    expect(await damagedCopies(dir, 'search-index.jsonl')).toHaveLength(1);
    // The fresh store takes what Perch reads from now on.
    await until(async () => (await accounts.handlers['search:text'](['the'])).hits.length > 0, {
      what: 'the fresh search store to find what Perch read',
    });
  });

  it('a damaged plain token file: no token, the damaged file deleted (it held tokens), reported', async () => {
    const dir = await tempDir('plain');
    await writeFile(join(dir, 'tokens.plain.json'), '{"http://x#1": 42}');
    const damage = silent();
    const store = new PlainFileStore(join(dir, 'tokens.plain.json'), damage.reporter('credentials'));
    expect(await store.get('http://x#1')).toBeNull();
    expect(damage.list()).toMatchObject([{ file: 'credentials', movedTo: null }]);
    expect(await readdir(dir)).toEqual([]);
    await store.set('http://x#1', 'token');
    expect(await store.get('http://x#1')).toBe('token');
  });

  it('keeps only the newest few damaged copies of a file', async () => {
    const dir = await tempDir('copies');
    const file = new JsonFile<unknown>(join(dir, 'state.json'));
    for (let i = 0; i < DAMAGED_COPIES_KEPT + 3; i++) {
      await writeFile(file.path, '{oops');
      expect((await file.load()).problem).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await damagedCopies(dir, 'state.json')).toHaveLength(DAMAGED_COPIES_KEPT);
  });
});
