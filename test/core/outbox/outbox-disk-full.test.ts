import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../../src/main/core/runtime/clock';
import { dispatchInvoke } from '../../../src/main/core/contract/contract-dispatch';
import { Outbox } from '../../../src/main/core/outbox/outbox';
import type { OutboxItem } from '../../../src/main/core/outbox/types';
import { JsonFile, NotSavedError } from '../../../src/main/core/storage/json-file';
import { writeFileAtomic } from '../../../src/node-lib/atomic-file';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { apiOn, sandbox } from '../../support/sandbox';
import { oneAccount } from '../../support/one-account';
import { until } from '../../support/until';

let sbx: RunningSandbox;
let outbox: Outbox;
let dir: string;

/** A file that cannot be written while `full` holds: as a full disk answers (deterministic, and root-proof). */
class FullDiskFile extends JsonFile<OutboxItem[]> {
  full = true;
  override async write(value: OutboxItem[]): Promise<void> {
    if (this.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    return super.write(value);
  }
}

beforeEach(async () => {
  sbx = await sandbox();
  dir = await mkdtemp(join(tmpdir(), 'perch-full-'));
});
afterEach(async () => {
  outbox?.stop();
  await sbx.close();
});

const openConversation = () =>
  [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed && c.userReplies > 0)!;

it('never sends a reply the agent was told could not be saved, and says so in a sentence', async () => {
  const file = new FullDiskFile(join(dir, 'outbox.json'));
  outbox = new Outbox({ api: apiOn(sbx), clock: systemClock, file, adminId: sbx.info.apps[0]!.adminId });
  const c = openConversation();
  const before = c.parts.length;
  await expect(outbox.enqueue({ kind: 'reply', conversationId: c.id, body: 'Reply A', note: false })).rejects.toThrow(
    NotSavedError,
  );
  expect(outbox.list()).toEqual([]);
  // Through the contract, as the composer asks: a code the renderer says in a sentence, not "internal".
  const handlers = oneAccount({
    'conversation:reply': async (draft: { conversationId: string; body: string }) =>
      outbox.enqueue({ kind: 'reply', conversationId: draft.conversationId, body: draft.body, note: false }),
  });
  const result = await dispatchInvoke(handlers, 'conversation:reply', [
    'demo',
    { conversationId: c.id, body: 'Reply A', kind: 'reply' },
  ]);
  expect(result).toMatchObject({ ok: false, error: { code: 'not-saved' } });
  // The disk has room again and other writes go out: reply A, refused twice, never does.
  file.full = false;
  const b = await outbox.enqueue({ kind: 'reply', conversationId: c.id, body: 'Reply B', note: false });
  await until(() => outbox.list().length === 0, { what: 'reply B to land' });
  expect(c.parts.slice(before).map((p) => p.body)).toEqual(['Reply B']);
  expect(b.randomId).toBeGreaterThan(0);
});

it('keeps sending when a later save fails, and saves again until the disk takes it', async () => {
  const file = new FullDiskFile(join(dir, 'outbox.json'));
  file.full = false;
  outbox = new Outbox({
    api: apiOn(sbx),
    clock: systemClock,
    file,
    adminId: sbx.info.apps[0]!.adminId,
    baseDelayMs: 5,
    random: () => 0.5,
  });
  const c = openConversation();
  // The first attempt fails (the server errs) and its save fails too (the disk filled meanwhile).
  sbx.faults.settings = { ...sbx.faults.settings, errorRate: 1, errorStatuses: [503] };
  await outbox.enqueue({ kind: 'reply', conversationId: c.id, body: 'Kept going', note: false });
  file.full = true;
  await until(() => outbox.list()[0]!.attempts > 0 || outbox.list()[0]!.lastError !== null, { what: 'a failed try' });
  sbx.faults.settings = { ...sbx.faults.settings, errorRate: 0 };
  file.full = false;
  await until(() => outbox.list().length === 0, { what: 'the reply to land after all' });
  expect(c.parts.filter((p) => p.body === 'Kept going')).toHaveLength(1);
});

it('leaves no temporary file behind when a write fails', async () => {
  const target = join(dir, 'state.json');
  await mkdir(target); // a folder where the file should go: the final rename fails
  await expect(writeFileAtomic(target, '{"a":1}')).rejects.toThrow();
  expect(existsSync(`${target}.tmp`)).toBe(false);
});

it('cleans what a crash mid-write left beside a state file before reading it', async () => {
  const path = join(dir, 'outbox.json');
  await writeFileAtomic(path, '[]');
  await mkdir(dir, { recursive: true });
  for (const leftover of ['outbox.json.tmp', 'outbox.json.4242.tmp'])
    await writeFileAtomic(join(dir, leftover), 'half');
  await new JsonFile<OutboxItem[]>(path).load();
  expect(existsSync(join(dir, 'outbox.json.tmp'))).toBe(false);
  expect(existsSync(join(dir, 'outbox.json.4242.tmp'))).toBe(false);
  expect(existsSync(path)).toBe(true);
});

it('gives the demo its port back even when its last save fails', async () => {
  const data = join(dir, 'demo');
  const demo = await sandbox({ dataFile: join(data, 'sandbox.json'), conversationsPerApp: 3 });
  const port = Number(new URL(demo.info.baseUrl).port);
  // The disk fills: the folder the state is saved into is now a file.
  await rm(data, { recursive: true, force: true });
  await writeFileAtomic(data, 'not a folder');
  await demo.close().catch(() => {});
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
