import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/api/errors';
import { Drafts, MAX_DRAFTS } from '../../../src/main/core/conversation/drafts';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { ConversationFeed } from '../../../src/main/core/sync/conversation-feed';
import { InboxSync } from '../../../src/main/core/sync/inbox-sync';
import type { InboxHealth } from '../../../src/main/core/sync/inbox-health';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { translatePlural } from '../../../src/shared/i18n';
import { FakeClock } from '../../support/fake-clock';
import { until } from '../../support/until';
import { apiOn, CountingTransport, sandbox } from '../../support/sandbox';

describe('Drafts', () => {
  const fresh = async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'perch-drafts-')), 'drafts-101.json');
    const clock = new FakeClock();
    return { path, clock, drafts: new Drafts({ file: new JsonFile(path), clock, writeDelayMs: 500 }) };
  };

  it('keeps the reply and the note of each conversation apart, on disk after a pause in typing', async () => {
    const { path, clock, drafts } = await fresh();
    drafts.set('7', { reply: 'Hello', note: '' });
    drafts.set('7', { reply: 'Hello there', note: 'VIP customer' });
    drafts.set('8', { reply: 'Other', note: '' });
    await expect(readFile(path, 'utf8')).rejects.toThrow();
    await clock.advance(500);
    await expect
      .poll(async () => JSON.parse(await readFile(path, 'utf8').catch(() => '{}')))
      .toEqual({ 7: { reply: 'Hello there', note: 'VIP customer' }, 8: { reply: 'Other', note: '' } });

    const again = new Drafts({ file: new JsonFile(path), clock });
    await again.load();
    expect(again.get('7')).toEqual({ reply: 'Hello there', note: 'VIP customer' });
    expect(again.get('9')).toEqual({ reply: '', note: '' });
    // Emptied drafts are forgotten, not kept as empty entries.
    again.set('8', { reply: '', note: '' });
    await again.flush();
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')))).toEqual(['7']);
  });

  it('ignores a damaged or hostile file and keeps at most the latest drafts', async () => {
    const { path, clock } = await fresh();
    await writeFile(
      path,
      JSON.stringify({
        1: { reply: 'ok', note: '' },
        x: { reply: 'bad id', note: '' },
        2: { reply: 5 },
        __proto__: { reply: 'p', note: '' },
      }),
    );
    const drafts = new Drafts({ file: new JsonFile(path), clock });
    await drafts.load();
    expect(drafts.get('1')).toEqual({ reply: 'ok', note: '' });
    expect(drafts.get('2')).toEqual({ reply: '', note: '' });
    for (let id = 1; id <= MAX_DRAFTS + 5; id += 1) drafts.set(String(id + 100), { reply: `draft ${id}`, note: '' });
    await drafts.flush();
    const saved = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved)).toHaveLength(MAX_DRAFTS);
    expect(saved[String(MAX_DRAFTS + 105)]).toEqual({ reply: `draft ${MAX_DRAFTS + 5}`, note: '' });
    expect(saved['1']).toBeUndefined();
  });
});

describe('status with a failing conversation feed', () => {
  let sbx: RunningSandbox;
  let transport: CountingTransport;
  afterEach(async () => {
    await transport.close();
    await sbx.close();
  });

  it('says offline while the open conversation cannot be read, and up to date once it can', async () => {
    sbx = await sandbox();
    transport = new CountingTransport();
    const clock = new FakeClock();
    const api = apiOn(sbx, 0, transport);
    // Polls 30 s apart, as beside a realtime stream: the inbox alone would notice late.
    const inbox = new InboxSync({
      api,
      clock,
      adminId: sbx.info.apps[0]!.adminId,
      intervalMs: 30_000,
      random: () => 0.5,
    });
    const feed = new ConversationFeed({ api, clock, intervalMs: 30_000 });
    feed.events.on('trouble', (error) => inbox.reportTrouble(error));
    inbox.start();
    await clock.advance(0);
    await until(() => inbox.health === 'ok', { what: 'the first sync' });
    const conversation = [...sbx.store.conversations.values()].find((c) => c.appId === '101' && c.userReplies > 0)!;
    await feed.open(conversation.id);

    sbx.faults.settings = { ...sbx.faults.settings, dropRate: 1 };
    await clock.advance(30_000);
    await until(() => inbox.health === 'offline', { what: 'the feed failure to show' });

    sbx.faults.settings = { ...sbx.faults.settings, dropRate: 0 };
    const before = clock.now();
    // The failing feed checks every 2 s, and its recovery makes the inbox poll at once.
    await clock.advance(2_000);
    await until(
      async () => {
        await clock.advance(0);
        return inbox.health === 'ok';
      },
      { what: 'recovery' },
    );
    expect(clock.now() - before).toBeLessThanOrEqual(2_000);
    feed.close();
    inbox.stop();
  });

  it('a conversation the server does not have is no trouble: the feed reports none and stops asking', async () => {
    sbx = await sandbox();
    transport = new CountingTransport();
    const clock = new FakeClock();
    const feed = new ConversationFeed({ api: apiOn(sbx, 0, transport), clock, intervalMs: 300 });
    const troubles: unknown[] = [];
    feed.events.on('trouble', (error) => troubles.push(error));
    await expect(feed.open('987654321')).rejects.toMatchObject({ kind: 'not-found' });
    const asked = transport.requests.length;
    await clock.advance(10_000);
    expect(transport.requests.length).toBe(asked);

    // Removed while open: the poll learns it, says no trouble, and stops.
    const conversation = [...sbx.store.conversations.values()].find((c) => c.appId === '101' && c.userReplies > 0)!;
    await feed.open(conversation.id);
    sbx.store.conversations.delete(conversation.id);
    await clock.advance(300);
    await until(() => transport.requests.length > asked + 1, { what: 'the poll' });
    const polled = transport.requests.length;
    await clock.advance(10_000);
    expect(transport.requests.length).toBe(polled);
    expect(troubles.filter((e) => e !== null)).toEqual([]);
    feed.close();
  });

  it('a refused token is left to the inbox poll; a server error reads as trouble, not offline', () => {
    const inbox = new InboxSync({ api: {} as never, clock: new FakeClock(), adminId: '1', intervalMs: 1000 });
    // As after a first read that worked (this inbox has no API to read).
    (inbox as unknown as { state: InboxHealth }).state.runSucceeded(true);
    expect(inbox.health).toBe('ok');
    inbox.reportTrouble(new ApiError('auth', 'refused'));
    expect(inbox.health).toBe('ok');
    inbox.reportTrouble(new ApiError('server', 'boom', { status: 502 }));
    expect(inbox.health).toBe('degraded');
  });
});

describe('plural forms', () => {
  it('follow the language’s rules', () => {
    expect(translatePlural('en', 'outbox.notDone', 1)).toBe('1 action not done');
    expect(translatePlural('en', 'outbox.notDone', 3)).toBe('3 actions not done');
    expect([1, 3, 5, 21, 22, 11].map((n) => translatePlural('ru', 'outbox.notDone', n))).toEqual([
      '1 действие не выполнено',
      '3 действия не выполнены',
      '5 действий не выполнено',
      '21 действие не выполнено',
      '22 действия не выполнены',
      '11 действий не выполнено',
    ]);
    expect(translatePlural('ru', 'composer.overLimit', 2)).toMatch(/^На 2 символа больше/);
  });
});
