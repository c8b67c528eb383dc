import { existsSync } from 'node:fs';
import { dispatchToOne } from '../../support/one-account';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/main/core/runtime/clock';
import { AttachmentStore } from '../../../src/main/core/outbox/attachment-store';
import { Outbox } from '../../../src/main/core/outbox/outbox';
import type { OutboxItem } from '../../../src/main/core/outbox/types';
import { createHandlers } from '../../../src/main/core/workspace/handlers';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import { JsonFile } from '../../../src/main/core/storage/json-file';
import { ATTACHMENT_MAX_BYTES, attachmentProblem } from '../../../src/shared/attachments';
import type { ConversationRecord } from '../../../src/sandbox/model';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { apiOn, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';

let sbx: RunningSandbox;
let dir: string;
const outboxes: Outbox[] = [];

beforeEach(async () => {
  sbx = await sandbox();
  dir = await mkdtemp(join(tmpdir(), 'perch-attach-'));
});
afterEach(async () => {
  for (const o of outboxes.splice(0)) o.stop();
  await sbx.close();
});

function makeOutbox(): Outbox {
  const outbox = new Outbox({
    api: apiOn(sbx),
    clock: systemClock,
    file: new JsonFile<OutboxItem[]>(join(dir, 'outbox.json')),
    attachments: new AttachmentStore(join(dir, 'files')),
    adminId: sbx.info.apps[0]!.adminId,
    baseDelayMs: 5,
    random: () => 0.5,
  });
  outboxes.push(outbox);
  return outbox;
}

/** The reply handler alone, over a real outbox: what the renderer's composer calls. */
const handlersFor = (outbox: Outbox) =>
  createHandlers({ outbox, options: { clock: systemClock, account: { adminId: '1' } } } as unknown as Workspace);
const openConversation = (): ConversationRecord =>
  [...sbx.store.conversations.values()].find(
    (c) => c.appId === sbx.info.apps[0]!.id && !c.closed && c.userReplies > 0,
  )!;
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('attachments', () => {
  it('sends a file with a reply through the outbox and removes its bytes once landed', async () => {
    const outbox = makeOutbox();
    await outbox.load();
    const c = openConversation();
    const result = await dispatchToOne(handlersFor(outbox), 'conversation:reply', [
      {
        conversationId: c.id,
        body: '',
        kind: 'reply',
        attachment: { name: 'invoice.pdf', type: 'application/pdf', data: base64('%PDF-1.4 invoice') },
      },
    ]);
    expect(result.ok).toBe(true);
    await until(() => c.parts.some((p) => p.attachments.some((a) => a.filename === 'invoice.pdf')));
    const sent = c.parts.find((p) => p.attachments.length)!;
    expect(sent.attachments[0]).toMatchObject({ size: '%PDF-1.4 invoice'.length, mime_type: 'application/pdf' });
    await until(() => outbox.list().length === 0);
    await expect.poll(() => readdir(join(dir, 'files'))).toEqual([]);
  });

  it('refuses programs, pages, empty and oversized files, and bad base64, with a clear error and nothing queued', async () => {
    const outbox = makeOutbox();
    await outbox.load();
    const c = openConversation();
    const attempt = (attachment: Record<string, unknown>) =>
      dispatchToOne(handlersFor(outbox), 'conversation:reply', [
        { conversationId: c.id, body: 'x', kind: 'reply', attachment },
      ]);
    expect(await attempt({ name: 'setup.exe', type: 'application/octet-stream', data: base64('MZ') })).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', message: expect.stringMatching(/not sent to visitors/) },
    });
    expect(await attempt({ name: 'page.html', type: 'text/html', data: base64('<script>') })).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments' },
    });
    expect(await attempt({ name: '../../../etc/passwd', type: 'text/plain', data: base64('x') })).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments' },
    });
    expect(await attempt({ name: 'a.txt', type: 'text/plain', data: 'not base64!' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/base64/) },
    });
    expect(
      await attempt({
        name: 'a.txt',
        type: 'text/plain',
        data: 'A'.repeat(Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 + 4),
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect(attachmentProblem({ name: 'big.zip', type: 'application/zip', size: ATTACHMENT_MAX_BYTES + 1 })).toBe(
      'too-big',
    );
    expect(attachmentProblem({ name: 'empty.txt', type: 'text/plain', size: 0 })).toBe('empty');
    expect(attachmentProblem({ name: 'photo.JPG', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(outbox.list()).toEqual([]);
    expect(existsSync(join(dir, 'files')) ? await readdir(join(dir, 'files')) : []).toEqual([]);
  });

  it('sends the cleaned name and the bare type, not what the file was called on disk', async () => {
    const outbox = makeOutbox();
    await outbox.load();
    const c = openConversation();
    const result = await dispatchToOne(handlersFor(outbox), 'conversation:reply', [
      {
        conversationId: c.id,
        body: '',
        kind: 'reply',
        attachment: {
          name: 'rep\u200bort\u202E.pdf. ',
          type: 'Application/PDF; charset=binary',
          data: base64('%PDF-1.4'),
        },
      },
    ]);
    expect(result.ok).toBe(true);
    await until(() =>
      c.parts.some(
        (p) => p.attachments.length > 0 && p.randomId === (result as { value: { randomId: number } }).value.randomId,
      ),
    );
    expect(c.parts.at(-1)!.attachments[0]).toMatchObject({ filename: 'report.pdf', mime_type: 'application/pdf' });
  });

  it('keeps a queued attachment across a restart, prunes files no item names, and fails clearly when the bytes are gone', async () => {
    sbx.faults.settings = { ...sbx.faults.settings, errorRate: 1, errorStatuses: [503] };
    const first = makeOutbox();
    await first.load();
    const c = openConversation();
    const queued = await handlersFor(first)['conversation:reply']({
      conversationId: c.id,
      body: 'the label',
      kind: 'reply',
      attachment: { name: 'label.png', type: 'image/png', data: base64('png-bytes') },
    });
    first.stop();
    await writeFile(join(dir, 'files', 'orphan.tmp'), 'left by a crash');

    sbx.faults.settings = { ...sbx.faults.settings, errorRate: 0 };
    const second = makeOutbox();
    await second.load();
    second.resume();
    await until(() => c.parts.some((p) => p.randomId === queued.randomId));
    expect(c.parts.find((p) => p.randomId === queued.randomId)!.attachments[0]!.filename).toBe('label.png');
    await until(() => second.list().length === 0);
    await expect.poll(() => readdir(join(dir, 'files'))).toEqual([]);

    // The bytes vanished (the data folder was cleaned by hand): the item fails and says why.
    const third = makeOutbox();
    await third.load();
    third.stop();
    const lost = await third.enqueue({
      kind: 'reply',
      conversationId: c.id,
      body: '',
      note: false,
      attachment: {
        fileId: '00000000-0000-4000-8000-000000000000',
        name: 'gone.pdf',
        type: 'application/pdf',
        size: 3,
      },
    });
    const fourth = makeOutbox();
    await fourth.load();
    fourth.resume();
    await until(() => fourth.list().find((i) => i.id === lost.id)?.state === 'failed');
    expect(fourth.list().find((i) => i.id === lost.id)!.lastError).toMatch(/gone.pdf is no longer on this computer/);
  });
});
