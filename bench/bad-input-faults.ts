// The bad-input run's part about the faults a red team found: a reply on a disk that refuses
// it, a server that answers the same page again, and a process whose output reader has gone.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ApiClient } from '../src/main/core/api/client';
import { ApiError } from '../src/main/core/api/errors';
import { createUndiciTransport } from '../src/main/core/api/transport';
import { systemClock } from '../src/main/core/runtime/clock';
import { Outbox } from '../src/main/core/outbox/outbox';
import type { OutboxItem } from '../src/main/core/outbox/types';
import { InboxSync } from '../src/main/core/sync/inbox-sync';
import { JsonFile, NotSavedError } from '../src/main/core/storage/json-file';
import type { RunningSandbox } from '../src/sandbox/server';
import { sleep } from './support';
import { cpuSeconds, loggerWithoutReader } from '../test/support/output-reader-gone';

type Recorder = (area: string, name: string, clearError: boolean, unchanged: boolean, detail: string) => void;

export async function faultCases(sandbox: RunningSandbox, record: Recorder): Promise<void> {
  const app = sandbox.info.apps[0]!;
  const transport = createUndiciTransport({ proxyFromEnv: false });
  const api = new ApiClient({ baseUrl: sandbox.info.baseUrl, token: app.token, appId: app.id, transport });

  // A reply the disk refuses (its folder is a file: as a full disk answers, and root-proof):
  // refused with a clear error, and never sent later.
  {
    const dir = await mkdtemp(join(tmpdir(), 'perch-bad-disk-'));
    await writeFile(join(dir, 'not-a-folder'), '');
    const file = new JsonFile<OutboxItem[]>(join(dir, 'not-a-folder', 'outbox.json'));
    const outbox = new Outbox({ api, clock: systemClock, file, adminId: app.adminId });
    const conversation = [...sandbox.store.conversations.values()].find((c) => c.appId === app.id && !c.closed)!;
    const parts = conversation.parts.length;
    const error = await outbox
      .enqueue({ kind: 'reply', conversationId: conversation.id, body: 'never sent', note: false })
      .then(() => null)
      .catch((e: unknown) => e);
    outbox.resume();
    await sleep(300);
    outbox.stop();
    record(
      'fault',
      'a reply the disk refuses',
      error instanceof NotSavedError,
      outbox.list().length === 0 && conversation.parts.length === parts,
      `${(error as Error | null)?.name}; queued ${outbox.list().length}; sent ${conversation.parts.length - parts}`,
    );
  }

  // A server that names the position it was asked for again: the poll stops with a clear
  // error instead of reading the same page for ever.
  {
    const seeded = new InboxSync({ api, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
    await seeded.initialSync();
    const state = seeded.exportState();
    let requests = 0;
    const server = createServer((req, res) => {
      requests += 1;
      const asked = new URL(req.url!, 'http://x').searchParams.get('paginate_position') ?? 'null';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"data":[{"id":"unreadable"}],"meta":{"status":200,"next_after_position":${asked}}}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const repeating = new ApiClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 't',
      appId: app.id,
      transport,
    });
    const sync = new InboxSync({ api: repeating, clock: systemClock, adminId: app.adminId, intervalMs: 60_000 });
    sync.restore(structuredClone(state));
    const before = sync.snapshot();
    const error = await sync
      .pollOnce()
      .then(() => null)
      .catch((e: unknown) => e);
    record(
      'fault',
      'a server that repeats the same page',
      error instanceof ApiError && requests === 1,
      isDeepStrictEqual(sync.snapshot(), before),
      `${requests} request; ${(error as Error | null)?.message.slice(0, 60)}`,
    );
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await transport.close();

  record('fault', 'output reader gone', ...(await outputReaderGone()));
}

/** A process that logs while whoever read its output goes away: it stays idle and keeps answering. */
async function outputReaderGone(): Promise<[boolean, boolean, string]> {
  const { child, port } = await loggerWithoutReader();
  try {
    await sleep(500);
    const before = cpuSeconds(child.pid!);
    await sleep(2000);
    const used = cpuSeconds(child.pid!) - before;
    const answer = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    return [
      child.exitCode === null,
      used < 0.8 && answer === 'alive',
      `${used.toFixed(2)} CPU s in 2 s; answered ${answer}`,
    ];
  } finally {
    child.kill('SIGKILL');
  }
}
