import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAccountsFromEnv } from '../../../src/main/browser-host/accounts-from-env';
import { RecordingNotifier } from '../../../src/main/browser-host/host';
import type { Accounts } from '../../../src/main/core/accounts/accounts';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { compareAccountRows } from '../../../src/shared/accounts';
import type { AccountsSummary } from '../../../src/shared/accounts-summary';
import type { UnreadTotals } from '../../../src/shared/inbox';
import { CountingTransport, raw, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { accountsOn } from '../../support/accounts';

let sbx: RunningSandbox;
let accounts: Accounts;
let close: () => Promise<void>;
let transport: CountingTransport;
let demo: RunningSandbox | undefined;
const notifier = new RecordingNotifier();
const tray: AccountsSummary[] = [];

beforeEach(async () => {
  sbx = await sandbox({ conversationsPerApp: 12 });
  transport = new CountingTransport();
  notifier.shown.length = 0;
  tray.length = 0;
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-accounts-'));
  ({ accounts, close } = await accountsOn({
    dataDir,
    plainTokenFile: false,
    indicator: { update: (summary) => void tray.push(summary) },
    workspace: { notifier, partsIntervalMs: 100, transport },
    demo: { conversationsPerApp: 5, onDemo: (started) => (demo = started) },
    start: true,
  }));
  // Both applications of the sandbox, through the browser host's interface.
  const logins = sbx.info.apps.map((app) => ({ baseUrl: sbx.info.baseUrl, token: app.token, adminId: app.adminId }));
  expect(await connectAccountsFromEnv(accounts, { PERCH_ACCOUNTS: JSON.stringify(logins) })).toEqual([]);
  await until(() => accounts.running.list().every((r) => r.status.progress.done), { what: 'both inboxes' });
});

afterEach(async () => {
  await close();
  await transport.close();
  await sbx.close();
});

const [first, second] = [0, 1];
const accountIdOf = (app: number) => accounts.state().accounts.find((a) => a.appId === sbx.info.apps[app]!.id)!.id;

/** An open, unassigned conversation of an application with a visitor message: in the default scope. */
function unassignedOf(app: number) {
  const found = [...sbx.store.conversations.values()].find(
    (c) =>
      c.appId === sbx.info.apps[app]!.id && !c.closed && c.assigneeId === null && c.userReplies > 0 && !c.assistantType,
  );
  if (!found) throw new Error('no unassigned conversation in the demo data');
  return found;
}

describe('several accounts at once', () => {
  it('holds both applications, without the demo, and merges their inboxes into one order with each row named', async () => {
    const state = accounts.state();
    expect(state.accounts.map((a) => [a.mode, a.appId, a.status])).toEqual([
      ['account', sbx.info.apps[0]!.id, 'connected'],
      ['account', sbx.info.apps[1]!.id, 'connected'],
    ]);
    expect(new Set(state.accounts.map((a) => a.color)).size).toBe(2);
    const page = await accounts.handlers['inbox:get']();
    const byAccount = (app: number) => page.rows.filter((r) => r.accountId === accountIdOf(app));
    for (const app of [first, second]) {
      const ids = byAccount(app).map((r) => r.id);
      const expected = [...sbx.store.conversations.values()].filter((c) => c.appId === sbx.info.apps[app]!.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => expected.some((c) => c.id === id))).toBe(true);
    }
    expect(page.total).toBe(page.rows.length);
    expect([...page.rows].sort(compareAccountRows)).toEqual(page.rows);
    expect(Object.keys(page.accounts).sort()).toEqual([accountIdOf(first), accountIdOf(second)].sort());
    // A range of the merged list is the same stretch of it.
    expect((await accounts.handlers['inbox:get']({ offset: 3, limit: 4 })).rows).toEqual(page.rows.slice(3, 7));
  });

  it('notifies a visitor message in each account, naming it, and the tray counts both', async () => {
    for (const app of [first, second]) {
      const c = unassignedOf(app);
      await raw(sbx, `/conversations/${c.id}/reply`, {
        form: { body: `hello account ${app}`, from_user: String(c.userId) },
        token: sbx.info.apps[app]!.token,
      });
    }
    await until(() => notifier.shown.length >= 2, { what: 'a notification from each account' });
    const labels = accounts.state().accounts.map((a) => a.label);
    for (const app of [first, second]) {
      const shown = notifier.shown.find((n) => n.body.includes(`hello account ${app}`))!;
      expect(shown.accountId).toBe(accountIdOf(app));
      expect(shown.conversationId).toBe(unassignedOf(app).id);
      expect(shown.title.startsWith(`${labels[app]} · `)).toBe(true);
    }
    // One tray count: the sum over the accounts.
    const sum = (key: keyof UnreadTotals) =>
      accounts.running.list().reduce((total, r) => total + r.workspace.inbox.snapshot().totals[key], 0);
    await until(() => tray.at(-1)?.totals.all === sum('all'), { what: 'the tray to show the sum' });
    expect(tray.at(-1)!.totals).toEqual({ all: sum('all'), mine: sum('mine'), unassigned: sum('unassigned') });
    expect(accounts.running.list().every((r) => r.workspace.inbox.snapshot().totals.all > 0)).toBe(true);
  });

  it('writes the tray once per change of what it shows: the sum, then a refused account as needing a sign-in', async () => {
    /** No write repeats the one before: each is a change the agent can see. */
    const eachOneAChange = () =>
      tray.every((shown, i) => i === 0 || JSON.stringify(shown) !== JSON.stringify(tray[i - 1]));
    const sum = () => accounts.running.list().reduce((total, r) => total + r.workspace.inbox.snapshot().totals.all, 0);
    expect(tray.at(-1)).toMatchObject({ totals: { all: sum() }, health: 'ok' });
    const c = unassignedOf(first);
    await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'one change', from_user: String(c.userId) },
      token: sbx.info.apps[first]!.token,
    });
    await until(() => accounts.workspaceOf(accountIdOf(first))!.inbox.row(c.id)?.preview === 'one change', {
      what: 'Perch to see the message',
    });
    expect(tray.at(-1)!.totals.all).toBe(sum());
    expect(sum()).toBeGreaterThan(0);
    expect(eachOneAChange()).toBe(true);

    // The first account's token is refused: its rows still count, and the tray says it needs a sign-in.
    const counted = sum();
    sbx.store.tokens.delete(sbx.info.apps[first]!.token);
    await until(() => tray.at(-1)!.health === 'signed-out', { what: 'the tray to ask for a sign-in' });
    expect(tray.at(-1)!.totals.all).toBe(counted);
    expect(eachOneAChange()).toBe(true);
  });

  it('sends a reply through the account of its conversation, with that account’s token', async () => {
    const c = unassignedOf(second);
    const before = transport.requests.length;
    await accounts.handlers['conversation:reply'](accountIdOf(second), {
      conversationId: c.id,
      body: 'from the second account',
      kind: 'reply',
    });
    await until(() => c.parts.some((p) => p.body === 'from the second account'), { what: 'the reply to land' });
    const reply = transport.requests.slice(before).find((r) => r.url.includes(`/conversations/${c.id}/reply`))!;
    expect(reply.headers.authorization).toBe(`Token ${sbx.info.apps[second]!.token}`);
    expect(c.parts.find((p) => p.body === 'from the second account')!.fromAdminId).toBe(sbx.info.apps[second]!.adminId);
    // The same call named with the other account is that account's conversation: not found there.
    await expect(
      accounts.handlers['conversation:open'](accountIdOf(first), c.id).catch((e: Error) => e.message),
    ).resolves.toMatch(/not|found/i);
  });

  it('a refused token signs out only its account; signing one out leaves the other working', async () => {
    sbx.store.tokens.delete(sbx.info.apps[first]!.token);
    await until(() => accounts.state().accounts.some((a) => a.status === 'refused'), { what: 'the refusal' });
    expect(accounts.state().accounts.map((a) => a.status)).toEqual(['refused', 'connected']);

    await accounts.signOut(accountIdOf(first));
    expect(accounts.state().accounts.map((a) => a.appId)).toEqual([sbx.info.apps[second]!.id]);
    const rows = (await accounts.handlers['inbox:get']()).rows;
    expect(new Set(rows.map((r) => r.accountId))).toEqual(new Set([accountIdOf(second)]));
    const c = unassignedOf(second);
    await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'still here', from_user: String(c.userId) },
      token: sbx.info.apps[second]!.token,
    });
    await until(() => notifier.shown.some((n) => n.body.includes('still here')), { what: 'the other account' });
    // Alone again, the notification needs no account name.
    expect(notifier.shown.find((n) => n.body.includes('still here'))!.title).not.toContain(' · ');
  });

  it('keeps the demo beside the accounts when asked, and removes it', async () => {
    await accounts.useDemo();
    expect(accounts.state().accounts.map((a) => a.mode)).toEqual(['account', 'account', 'sandbox']);
    await until(() => (accounts.workspaceOf('demo')?.inbox.snapshot().rows.length ?? 0) > 0, { what: 'the demo' });
    expect((await accounts.handlers['inbox:get']()).rows.some((r) => r.accountId === 'demo')).toBe(true);
    await accounts.signOut('demo');
    expect(accounts.state().accounts.map((a) => a.mode)).toEqual(['account', 'account']);
    expect(accounts.workspaceOf('demo')).toBeNull();
  });

  it('applies an account’s own notification scope to it alone; one pause holds every account', async () => {
    await accounts.handlers['settings:update']({ account: accountIdOf(first), scope: 'none' });
    const write = async (app: number, body: string) => {
      const c = unassignedOf(app);
      await raw(sbx, `/conversations/${c.id}/reply`, {
        form: { body, from_user: String(c.userId) },
        token: sbx.info.apps[app]!.token,
      });
      await until(() => accounts.workspaceOf(accountIdOf(app))!.inbox.row(c.id)?.preview === body, {
        what: `Perch to see "${body}"`,
      });
    };
    await write(first, 'muted account');
    await write(second, 'shared scope');
    await until(() => notifier.shown.some((n) => n.body.includes('shared scope')), { what: 'the second account' });
    expect(notifier.shown.some((n) => n.body.includes('muted account'))).toBe(false);

    await accounts.handlers['settings:update']({ pause: 'hour' });
    await write(second, 'while paused');
    await accounts.handlers['settings:update']({ account: accountIdOf(first), followShared: true, pause: 'resume' });
    await write(first, 'shared again');
    await until(() => notifier.shown.some((n) => n.body.includes('shared again')), { what: 'the first account' });
    expect(notifier.shown.some((n) => n.body.includes('while paused'))).toBe(false);
  });

  it('never puts a token in the session state or its events, the demo’s included', async () => {
    const sent: string[] = [];
    accounts.events.on('account:changed', (state) => sent.push(JSON.stringify(state)));
    await accounts.useDemo();
    await accounts.handlers['account:update']('demo', { label: 'Sandbox' });
    const tokens = [...sbx.info.apps.map((a) => a.token), demo!.info.apps[0]!.token];
    expect(tokens.every(Boolean)).toBe(true);
    for (const text of [...sent, JSON.stringify(accounts.state())])
      for (const token of tokens) expect(text).not.toContain(token);
  });

  it('takes the account out of the tray count when it is signed out, and refuses unknown accounts', async () => {
    const c = unassignedOf(first);
    await raw(sbx, `/conversations/${c.id}/reply`, {
      form: { body: 'counted', from_user: String(c.userId) },
      token: sbx.info.apps[first]!.token,
    });
    const count = (app: number) => accounts.workspaceOf(accountIdOf(app))!.inbox.snapshot().totals.all;
    await until(() => tray.at(-1)?.totals.all === count(first) + count(second), { what: 'the sum' });
    const secondCount = count(second);
    await accounts.signOut(accountIdOf(first));
    expect(tray.at(-1)!.totals.all).toBe(secondCount);
    await expect(accounts.signOut('account-0123456789abcdef')).rejects.toThrow(/no such account/);
    await expect(accounts.handlers['account:update']('account-0123456789abcdef', { label: 'x' })).rejects.toThrow(
      /no such account/,
    );
    await expect(
      accounts.handlers['settings:update']({ account: 'account-0123456789abcdef', scope: 'none' }),
    ).rejects.toThrow(/no such account/);
    expect(accounts.state()).toMatchObject({ welcomed: true, accounts: [{ id: accountIdOf(second) }] });
  });

  it('lets the agent name and colour each account; default labels follow the language', async () => {
    const sent: string[][] = [];
    accounts.events.on('account:changed', (state) => sent.push(state.accounts.map((a) => a.label)));
    await accounts.handlers['settings:update']({ locale: 'ru' });
    expect(sent.at(-1)).toEqual(sbx.info.apps.map((app) => `Аккаунт ${app.id}`));
    const id = accountIdOf(second);
    const state = await accounts.handlers['account:update'](id, { label: 'Brand B', color: 'pink' });
    expect(state.accounts.find((a) => a.id === id)).toMatchObject({ label: 'Brand B', color: 'pink' });
  });
});
