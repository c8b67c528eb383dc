import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/main/core/runtime/clock';
import { Outbox } from '../../../src/main/core/outbox/outbox';
import type { OutboxItem } from '../../../src/main/core/outbox/types';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import type { FaultSettings } from '../../../src/sandbox/faults';
import type { ConversationRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { apiOn, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

let sbx: RunningSandbox;
let file: JsonFile<OutboxItem[]>;
let outboxes: Outbox[] = [];

beforeEach(async () => {
  sbx = await sandbox();
  file = new JsonFile(join(await mkdtemp(join(tmpdir(), 'perch-outbox-')), 'outbox.json'));
});
afterEach(async () => {
  for (const o of outboxes) o.stop();
  outboxes = [];
  await sbx.close();
});

function makeOutbox(options: { maxAttempts?: number; token?: string } = {}): Outbox {
  const api = apiOn(sbx);
  if (options.token) (api as unknown as { options: { token: string } }).options.token = options.token;
  const outbox = new Outbox({
    api,
    clock: systemClock,
    file,
    adminId: sbx.info.apps[0]!.adminId,
    baseDelayMs: 5,
    maxAttempts: options.maxAttempts,
    random: () => 0.5,
  });
  outboxes.push(outbox);
  return outbox;
}

const faults = (settings: Partial<FaultSettings>) => {
  sbx.faults.settings = { ...sbx.faults.settings, ...settings };
};
const openConversation = (): ConversationRecord =>
  [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed && c.userReplies > 0)!;
const landed = (c: ConversationRecord, randomId: number) => c.parts.filter((p) => p.randomId === randomId).length;

describe('Outbox', () => {
  it('persists an item before its first attempt, then sends it once', async () => {
    const outbox = makeOutbox();
    const c = openConversation();
    const sent: string[] = [];
    outbox.events.on('sent', ({ part }) => sent.push(part!.id));
    const item = await outbox.enqueue({ kind: 'reply', conversationId: c.id, body: 'Hello!', note: false });
    expect((await file.read())!.map((i) => i.id)).toContain(item.id);
    expect(item.randomId).toBeGreaterThan(0);
    await until(() => sent.length === 1);
    expect(landed(c, item.randomId)).toBe(1);
    expect(c.parts.at(-1)).toMatchObject({ body: 'Hello!', type: 'reply_admin' });
    expect(sent).toEqual([c.parts.at(-1)!.id]);
    // Landing is not a write of its own: the next write or the lazy save removes the item.
    expect((await file.read())!.map((i) => i.id)).toEqual([item.id]);
    await outbox.flush();
    expect(await file.read()).toEqual([]);
  });

  it('a crash after landing, before the removal was saved: looked up on the next start, not sent again', async () => {
    const first = makeOutbox();
    const c = openConversation();
    const item = await first.enqueue({
      kind: 'reply',
      conversationId: c.id,
      body: 'landed, then the crash',
      note: false,
    });
    await until(() => first.list().length === 0);
    first.stop();
    expect((await file.read())!.map((i) => i.state)).toEqual(['pending']);

    const second = makeOutbox();
    await second.load();
    expect(second.list()).toMatchObject([{ id: item.id, ambiguous: true }]);
    second.resume();
    await until(() => second.list().length === 0);
    expect(landed(c, item.randomId)).toBe(1);
  });

  it('after commit-then-drop finds the landed part instead of sending again', async () => {
    const outbox = makeOutbox();
    const c = openConversation();
    faults({ commitThenDropRate: 1 });
    const item = await outbox.enqueue({ kind: 'reply', conversationId: c.id, body: 'exactly once', note: false });
    await until(() => outbox.list()[0]?.ambiguous === true);
    faults({ commitThenDropRate: 0 });
    outbox.resume();
    await until(() => outbox.list().length === 0);
    expect(landed(c, item.randomId)).toBe(1);
  });

  it('waits out 429 and 503 with Retry-After and dropped connections, landing once', async () => {
    const outbox = makeOutbox();
    const c = openConversation();
    faults({ errorRate: 1, errorStatuses: [429, 503], retryAfterSeconds: 0 });
    const item = await outbox.enqueue({ kind: 'reply', conversationId: c.id, body: 'after the storm', note: true });
    await until(() => (outbox.list()[0]?.attempts ?? 0) >= 2);
    faults({ errorRate: 0, dropRate: 1 });
    await until(() => outbox.list()[0]?.ambiguous === true);
    faults({ dropRate: 0 });
    outbox.resume();
    await until(() => outbox.list().length === 0);
    expect(landed(c, item.randomId)).toBe(1);
    expect(c.parts.at(-1)!.type).toBe('note');
  });

  it('backs off while the server drops every connection, though such tries spend no attempt', async () => {
    const outbox = makeOutbox();
    const c = openConversation();
    faults({ dropRate: 1 });
    const started = performance.now();
    await outbox.enqueue({ kind: 'reply', conversationId: c.id, body: 'while it is down', note: false });
    await until(() => (outbox.list()[0]?.tries ?? 0) >= 8, { what: 'eight tries' });
    // Waits of 5 ms × 2^n at half their ceiling: the eighth try is at least 5 + 10 + … + 320 ms in,
    // not the 5 ms apart of a server asked again and again.
    expect(performance.now() - started).toBeGreaterThan(600);
    expect(outbox.list()[0]).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('survives a crash mid-send in both cases: landed and not landed', async () => {
    const c = openConversation();
    const api = apiOn(sbx);
    // Crash after the server stored the reply: the item is still marked "sending".
    await api.reply(c.id, { body: 'landed before the crash', randomId: 1111 });
    const crashed = (randomId: number, body: string): OutboxItem => ({
      id: `crash-${randomId}`,
      action: { kind: 'reply', conversationId: c.id, body, note: false },
      randomId,
      state: 'sending',
      attempts: 0,
      createdAt: Date.now() - 1000,
      nextAttemptAt: 0,
      ambiguous: false,
      lastError: null,
      partId: null,
    });
    await file.write([crashed(1111, 'landed before the crash'), crashed(2222, 'never reached the server')]);
    const outbox = makeOutbox();
    await outbox.load();
    expect(outbox.list().every((i) => i.ambiguous && i.state === 'pending')).toBe(true);
    outbox.resume();
    await until(() => outbox.list().length === 0);
    expect(landed(c, 1111)).toBe(1);
    expect(landed(c, 2222)).toBe(1);
  });

  it('keeps an item that fails for good, and lets the agent retry or discard it', async () => {
    const outbox = makeOutbox();
    const c = openConversation();
    const bad = await outbox.enqueue({ kind: 'tag', conversationId: c.id, tag: 'a,b', op: 'add' });
    await until(() => outbox.list()[0]?.state === 'failed');
    expect(outbox.list()[0]!.lastError).toMatch(/comma/);
    await until(async () => (await file.read())?.[0]?.state === 'failed');
    expect(await outbox.retry(bad.id)).toBe(true);
    await until(() => outbox.list()[0]?.state === 'failed');
    expect(await outbox.discard(bad.id)).toBe(true);
    expect(outbox.list()).toEqual([]);
  });

  it('fails an item after too many server errors, without losing it', async () => {
    const outbox = makeOutbox({ maxAttempts: 3 });
    faults({ errorRate: 1, errorStatuses: [500], retryAfterSeconds: 0 });
    await outbox.enqueue({ kind: 'close', conversationId: openConversation().id });
    await until(() => outbox.list()[0]?.state === 'failed');
    expect(outbox.list()[0]!.attempts).toBe(3);
  });

  it('pauses on a revoked token and keeps the item pending', async () => {
    const outbox = makeOutbox({ token: 'revoked' });
    let signedOut = false;
    outbox.events.on('signed-out', () => (signedOut = true));
    await outbox.enqueue({ kind: 'assign', conversationId: openConversation().id, adminId: sbx.info.apps[0]!.adminId });
    await until(() => signedOut);
    expect(outbox.list()[0]).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('lands every reply, tag, assignment and close exactly once under random faults', async () => {
    const outbox = makeOutbox({ maxAttempts: 1000 });
    faults({ errorRate: 0.2, dropRate: 0.1, commitThenDropRate: 0.2, retryAfterSeconds: 0 });
    const conversations = [...sbx.store.conversations.values()]
      .filter((c) => c.appId === '101' && c.userReplies > 0)
      .slice(0, 10);
    const items: OutboxItem[] = [];
    for (let i = 0; i < 60; i++) {
      const c = conversations[i % conversations.length]!;
      const kinds = [
        { kind: 'reply' as const, conversationId: c.id, body: `reply ${i}`, note: i % 3 === 0 },
        { kind: 'tag' as const, conversationId: c.id, tag: `t${i % 4}`, op: 'add' as const },
        { kind: 'assign' as const, conversationId: c.id, adminId: sbx.info.apps[0]!.adminId },
      ];
      items.push(await outbox.enqueue(kinds[i % kinds.length]!));
    }
    await until(() => outbox.list().length === 0, { ms: 30_000 });
    for (const item of items) {
      const c = sbx.store.conversations.get(item.action.conversationId)!;
      if (item.action.kind === 'tag') expect(c.tags).toContain(item.action.tag);
      else if (item.action.kind === 'assign') {
        // Version 2 makes no part for an assign that changes nothing: at most one, never two.
        expect(landed(c, item.randomId), `assign ${item.randomId}`).toBeLessThanOrEqual(1);
        expect(c.assigneeId).toBe(item.action.adminId);
      } else expect(landed(c, item.randomId), `${item.action.kind} ${item.randomId}`).toBe(1);
    }
  });
});
