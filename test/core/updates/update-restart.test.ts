import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import { type HttpTransport } from '../../../src/main/core/ports';
import { systemClock } from '../../../src/main/core/runtime/clock';
import { Outbox } from '../../../src/main/core/outbox/outbox';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { FeedUpdater } from '../../../src/main/core/updates/feed-updater';
import { outboxWrites } from '../../../src/main/core/updates/pending-writes';
import { NO_POLICY } from '../../../src/main/core/updates/policy';
import { UpdateController } from '../../../src/main/core/updates/update-controller';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock } from '../../support/fake-clock';
import { apiOn, sandbox } from '../../support/sandbox';
import { localFeed, type LocalFeed } from '../../support/update-feed';
import { until } from '../../support/until';

let sbx: RunningSandbox;
let feed: LocalFeed;
let outbox: Outbox | undefined;
let updates: UpdateController | undefined;

beforeEach(async () => {
  sbx = await sandbox();
  feed = await localFeed();
});
afterEach(async () => {
  updates?.stop();
  outbox?.stop();
  await feed.close();
  await sbx.close();
});

/** A transport that holds replies until the test lets them go. */
function gatedReplies(): { transport: HttpTransport; release(): void; held(): number } {
  const inner = createUndiciTransport({ proxyFromEnv: false });
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  return {
    transport: {
      async send(request) {
        if (request.method === 'POST' && request.url.includes('/reply')) {
          held++;
          await gate;
        }
        return inner.send(request);
      },
      close: () => inner.close(),
    },
    release: () => open(),
    held: () => held,
  };
}

it('"Restart to update" waits until a reply being sent has landed', async () => {
  const gated = gatedReplies();
  const dir = await mkdtemp(join(tmpdir(), 'perch-update-restart-'));
  outbox = new Outbox({
    api: apiOn(sbx, 0, gated.transport),
    clock: systemClock,
    file: new JsonFile(join(dir, 'outbox.json')),
    adminId: sbx.info.apps[0]!.adminId,
    baseDelayMs: 5,
    random: () => 0.5,
  });
  const conversation = [...sbx.store.conversations.values()].find((c) => c.appId === '101' && !c.closed)!;
  const repliesLanded = () => conversation.parts.filter((p) => p.body === 'On my way').length;

  const installedWithReplies: number[] = [];
  feed.publish('latest.yml', '1.5.0');
  updates = new UpdateController({
    updater: new FeedUpdater({
      transport: createUndiciTransport({ proxyFromEnv: false }),
      platform: 'win32',
      install: () => installedWithReplies.push(repliesLanded()),
      fetchBytes: async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()),
    }),
    currentVersion: '1.4.0',
    policy: NO_POLICY,
    feedUrl: feed.url,
    preferences: new JsonFile(join(dir, 'updates.json')),
    writes: outboxWrites(() => (outbox ? [outbox] : [])),
    clock: new FakeClock(),
  });
  await updates.start();
  await updates.download();
  expect(updates.state().phase).toBe('ready');

  await outbox.enqueue({ kind: 'reply', conversationId: conversation.id, body: 'On my way', note: false });
  await until(() => gated.held() === 1, { what: 'the reply on its way' });
  const restarting = updates.restart();
  expect(updates.state()).toMatchObject({ phase: 'waiting-for-writes', writesPending: 1 });
  expect(installedWithReplies).toEqual([]);

  gated.release();
  await restarting;
  expect(installedWithReplies).toEqual([1]);
});
