import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../src/main/core/outbox/outbox';
import type { OutboxItem } from '../../../src/main/core/outbox/types';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import type { ConversationRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { apiOn, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

let sbx: RunningSandbox;
let file: JsonFile<OutboxItem[]>;
let clock: FakeClock;
const outboxes: Outbox[] = [];

beforeEach(async () => {
  sbx = await sandbox();
  file = new JsonFile(join(await mkdtemp(join(tmpdir(), 'perch-undo-')), 'outbox.json'));
  clock = new FakeClock();
});
afterEach(async () => {
  for (const o of outboxes.splice(0)) o.stop();
  await sbx.close();
});

function makeOutbox(): Outbox {
  const outbox = new Outbox({ api: apiOn(sbx), clock, file, adminId: sbx.info.apps[0]!.adminId, baseDelayMs: 5 });
  outboxes.push(outbox);
  return outbox;
}

const openConversation = (): ConversationRecord =>
  [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed && c.userReplies > 0)!;
const closeParts = (c: ConversationRecord) => c.parts.filter((p) => p.type === 'closed').length;

describe('a close waits in the outbox for its undo window', () => {
  it('is not sent before the window ends, not even when the outbox resumes; undo takes it back', async () => {
    const outbox = makeOutbox();
    const c = openConversation();
    const item = await outbox.enqueue({ kind: 'close', conversationId: c.id }, { undoMs: 5000 });
    expect(item.undoUntil).toBe(clock.now() + 5000);
    // Kept on disk with its window from the start.
    expect((await file.read())![0]).toMatchObject({ id: item.id, undoUntil: item.undoUntil });
    outbox.resume();
    await clock.advance(4999);
    expect(c.closed).toBe(false);
    expect(await outbox.undo(item.id)).toBe(true);
    expect(outbox.list()).toEqual([]);
    expect(await file.read()).toEqual([]);
    // Every timer the outbox had has run by now: nothing was left to send it.
    await clock.advance(60_000);
    expect(c.closed).toBe(false);
    expect(closeParts(c)).toBe(0);
  });

  it('is sent once the window ends, after which undo is refused', async () => {
    const outbox = makeOutbox();
    const c = openConversation();
    const item = await outbox.enqueue({ kind: 'close', conversationId: c.id }, { undoMs: 5000 });
    await clock.advance(5000);
    await until(() => c.closed, { what: 'the close to land' });
    expect(closeParts(c)).toBe(1);
    expect(await outbox.undo(item.id)).toBe(false);
  });

  it('quitting ends the window: the close is sent at once (sendHeld), not lost', async () => {
    const outbox = makeOutbox();
    const c = openConversation();
    await outbox.enqueue({ kind: 'close', conversationId: c.id }, { undoMs: 5000 });
    await outbox.sendHeld();
    expect(c.closed).toBe(true);
    expect(closeParts(c)).toBe(1);
  });

  it('a process that died in the window leaves the close on disk: the next start sends it once', async () => {
    const first = makeOutbox();
    const c = openConversation();
    await first.enqueue({ kind: 'close', conversationId: c.id }, { undoMs: 5000 });
    first.stop();
    const next = makeOutbox();
    await next.load();
    expect(next.list()).toHaveLength(1);
    next.resume();
    await clock.advance(5000);
    await until(() => c.closed, { what: 'the close to land after the restart' });
    expect(closeParts(c)).toBe(1);
  });
});
