// The damaged-file part of `npm run bad-input`: each state file Perch keeps, damaged on disk,
// must not stop Perch; it is moved aside byte for byte (a token file is deleted instead),
// reported, and what is whole is kept.
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingNotifier } from '../src/main/browser-host/host';
import { memoryCredentialStore, PlainFileStore } from '../src/main/core/accounts/credentials';
import { createWorkspace } from '../src/main/core/compose';
import { createAccountsWithDemo } from '../src/main/demo/embedded-demo';
import { StateDamage } from '../src/main/core/storage/state-damage';
import type { StateFileKind } from '../src/shared/ipc/contract';
import { startSandbox, type RunningSandbox } from '../src/sandbox/server';

export interface DamagedFileResult {
  name: string;
  clearError: boolean;
  unchanged: boolean;
  detail: string;
}

const notifier = new RecordingNotifier();
const quietDamage = () => new StateDamage();

/** One kind of file, one damaged content, one way Perch reads it. */
interface Case {
  name: string;
  kind: StateFileKind;
  file: string;
  content: string | ((dir: string) => Promise<string>);
  start(dir: string, damage: StateDamage): Promise<() => Promise<void>>;
  /** A file that holds tokens leaves no copy behind. */
  copyDeleted?: boolean;
  /** Besides the report and the copy: what must have been kept. */
  kept?: (damage: StateDamage) => boolean;
}

export async function damagedFileCases(sandbox: RunningSandbox): Promise<DamagedFileResult[]> {
  const app = sandbox.info.apps[0]!;
  const connection = {
    id: 'account-00000000000000a1',
    mode: 'account' as const,
    baseUrl: sandbox.info.baseUrl,
    appId: app.id,
    adminId: app.adminId,
    token: app.token,
  };
  const conversationId = [...sandbox.store.conversations.values()].find((c) => c.appId === app.id && !c.closed)!.id;
  const validItem = {
    id: 'kept-1',
    action: { kind: 'reply', conversationId, body: 'kept', note: false },
    randomId: 777_001,
    state: 'failed',
    attempts: 12,
    createdAt: Date.now(),
    nextAttemptAt: 0,
    ambiguous: false,
    lastError: 'kept for the agent',
    partId: null,
  };

  const startAccounts = async (dir: string, damage: StateDamage) => {
    const created = await createAccountsWithDemo({
      dataDir: dir,
      credentials: memoryCredentialStore(),
      damage,
      workspace: { notifier, openExternal: async () => {}, realtime: false },
      demo: { simulatorIntervalMs: false, conversationsPerApp: 5 },
    });
    await created.accounts.start();
    return created.close;
  };
  const workspace = async (dir: string, damage: StateDamage) => {
    const opened = createWorkspace(connection, {
      notifier,
      dataDir: dir,
      openExternal: async () => {},
      realtime: false,
      damage,
    });
    await opened.workspace.start();
    return opened.close;
  };
  const truncatedDemo = async (dir: string) => {
    const demo = await startSandbox({
      port: 0,
      seed: 3,
      simulatorIntervalMs: false,
      conversationsPerApp: 5,
      dataFile: join(dir, 'demo', 'sandbox.json'),
    });
    await demo.close();
    const text = await readFile(join(dir, 'demo', 'sandbox.json'), 'utf8');
    return text.slice(0, Math.floor(text.length / 2));
  };
  const outbox = `outbox-${app.id}.json`;
  const cases: Case[] = [
    {
      name: 'demo store cut in half',
      kind: 'demo',
      file: 'demo/sandbox.json',
      content: truncatedDemo,
      start: startAccounts,
    },
    { name: 'demo store of {}', kind: 'demo', file: 'demo/sandbox.json', content: '{}', start: startAccounts },
    {
      name: 'demo store of another format',
      kind: 'demo',
      file: 'demo/sandbox.json',
      content: '{"format":99}',
      start: startAccounts,
    },
    { name: 'outbox of {}', kind: 'outbox', file: outbox, content: '{}', start: workspace },
    { name: 'outbox of [null]', kind: 'outbox', file: outbox, content: '[null]', start: workspace },
    {
      name: 'outbox of [{"state":"pending"}]',
      kind: 'outbox',
      file: outbox,
      content: '[{"state":"pending"}]',
      start: workspace,
    },
    {
      name: 'outbox with one whole item of two',
      kind: 'outbox',
      file: outbox,
      content: JSON.stringify([validItem, { ...validItem, id: 'x', randomId: 'x' }]),
      start: workspace,
      kept: (d) => d.list()[0]?.kept === 1 && d.list()[0]?.total === 2,
    },
    { name: 'outbox cut short', kind: 'outbox', file: outbox, content: '[{"id":"a","act', start: workspace },
    {
      name: 'inbox cache with an empty conversation',
      kind: 'inbox-cache',
      file: `inbox-${app.id}.json`,
      content: '{"conversations":[{}],"cursor":{"bad":1}}',
      start: workspace,
    },
    {
      name: 'inbox cache of a string',
      kind: 'inbox-cache',
      file: `inbox-${app.id}.json`,
      content: '"inbox"',
      start: workspace,
    },
    {
      name: 'account.json with a syntax error',
      kind: 'account',
      file: 'account.json',
      content: '{"baseUrl":',
      start: startAccounts,
    },
    {
      name: 'account.json with wrong types',
      kind: 'account',
      file: 'account.json',
      content: '{"appId":"101","welcomed":1}',
      start: startAccounts,
    },
    {
      name: 'settings.json with a syntax error',
      kind: 'settings',
      file: 'settings.json',
      content: '{"version": 2,,}',
      start: startAccounts,
    },
    {
      name: 'settings.json of binary bytes',
      kind: 'settings',
      file: 'settings.json',
      content: '\u0000\u00ff\u0001',
      start: startAccounts,
    },
    {
      name: 'plain token file with wrong types',
      kind: 'credentials',
      file: 'tokens.plain.json',
      content: '{"http://x#1":42}',
      copyDeleted: true,
      start: async (dir, damage) => {
        await new PlainFileStore(join(dir, 'tokens.plain.json'), damage.reporter('credentials')).get('http://x#1');
        return async () => {};
      },
    },
  ];

  const results: DamagedFileResult[] = [];
  for (const c of cases) {
    const dir = await mkdtemp(join(tmpdir(), 'perch-damaged-'));
    await mkdir(join(dir, 'demo'), { recursive: true });
    const content = typeof c.content === 'string' ? c.content : await c.content(dir);
    await writeFile(join(dir, c.file), content);
    const damage = quietDamage();
    let close: (() => Promise<void>) | null = null;
    let failure = '';
    try {
      close = await c.start(dir, damage);
    } catch (error) {
      failure = `did not start: ${(error as Error).message}`;
    }
    await close?.();
    const report = damage.list().find((d) => d.file === c.kind);
    const copy = report?.movedTo ? await readFile(report.movedTo, 'utf8').catch(() => null) : null;
    const keptOk = c.kept ? c.kept(damage) : true;
    const copyOk = c.copyDeleted
      ? report?.movedTo === null && !(await readdir(dir)).some((name) => name.includes('.damaged-'))
      : copy === content;
    const copyState = c.copyDeleted ? (copyOk ? 'deleted' : 'LEFT BEHIND') : copyOk ? 'intact' : 'MISSING';
    results.push({
      name: c.name,
      clearError: !failure && report !== undefined,
      unchanged: copyOk && keptOk,
      detail:
        failure ||
        (report ? `reported; kept ${report.kept ?? 0} of ${report.total ?? '?'}; copy ${copyState}` : 'not reported'),
    });
  }
  return results;
}
