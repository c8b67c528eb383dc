import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { Diagnostics } from '../../src/main/core/log/diagnostics';
import { createWorkspace } from '../../src/main/core/compose';
import type { ConversationRecord } from '../../src/sandbox/model';
import type { RunningSandbox } from '../../src/sandbox/server';
import { sandbox } from '../support/sandbox';
import { SpoilingTransport, type Spoil } from '../support/spoiling-transport';
import { until } from '../support/until';

/**
 * A conversation the server sends with one damaged field still carries a visitor message: the
 * poll that brings it moves the cursor past it, so leaving the whole conversation out would
 * lose the message for good. Perch keeps what it can read, notifies it, and counts the rest.
 */
let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());

async function workspaceThrough(transport: SpoilingTransport) {
  const app = sbx.info.apps[0]!;
  const notifier = new RecordingNotifier();
  const diagnostics = new Diagnostics();
  const { workspace, close } = createWorkspace(
    { id: 'demo', mode: 'sandbox', baseUrl: sbx.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
    {
      notifier,
      transport,
      diagnostics,
      realtime: false,
      inboxIntervalMs: 50,
      dataDir: await mkdtemp(join(tmpdir(), 'perch-partly-')),
      openExternal: async () => {},
    },
  );
  await workspace.start();
  await until(() => workspace.inbox.snapshot().progress.done && workspace.inbox.health !== 'starting', {
    what: 'the first read',
  });
  return { workspace, notifier, diagnostics, close };
}

/** An open, unassigned conversation a visitor wrote in: one Perch notifies by default. */
const inboxRecord = (index: number): ConversationRecord =>
  [...sbx.store.conversations.values()].filter(
    (c) =>
      c.appId === sbx.info.apps[0]!.id && c.userReplies > 0 && !c.assistantType && !c.closed && c.assigneeId === null,
  )[index]!;

const damaged: [string, Spoil][] = [
  ['its unread count is text', (c) => ({ ...c, unread_parts_count: 'many' })],
  ['its creation time is no time', (c) => ({ ...c, created: 'some day' })],
  ['its tags are no list', (c) => ({ ...c, tags: { refund: true } })],
  [
    "its last part's data is no object",
    (c) => ({ ...c, part_last: { ...(c.part_last as object), meta_data: 'broken', attachments: 'none' } }),
  ],
];

describe('a conversation with a damaged field', () => {
  it.each(damaged)('is shown and its visitor message notified when %s', async (_, spoil) => {
    const transport = new SpoilingTransport();
    const { workspace, notifier, diagnostics, close } = await workspaceThrough(transport);
    try {
      const record = inboxRecord(2);
      transport.conversations.set(record.id, spoil);
      const body = `still here ${Math.random().toString(36).slice(2)}`;
      sbx.simulator.writeInto(record, body);
      await until(() => notifier.shown.some((n) => n.conversationId === record.id && n.body === body), {
        what: 'the visitor message to be notified',
      });
      const row = workspace.inbox.snapshot().rows.find((r) => r.id === record.id);
      expect(row?.preview).toBe(body);
      expect(workspace.inbox.health).toBe('ok');
      // What could not be read is counted, with the field that failed.
      expect(diagnostics.report().skipped).toContainEqual(
        expect.objectContaining({ kind: 'conversation', id: record.id, reason: expect.stringContaining('kept') }),
      );
    } finally {
      await close();
      await transport.close();
    }
  });

  it('is left out only when even its ID cannot be read, and counted', async () => {
    const transport = new SpoilingTransport();
    const { workspace, diagnostics, close } = await workspaceThrough(transport);
    try {
      const record = inboxRecord(3);
      transport.conversations.set(record.id, (c) => ({ ...c, id: 'not an id' }));
      sbx.simulator.writeInto(record, 'lost for want of an ID');
      await until(() => diagnostics.report().skippedTotal > 0, { what: 'the item to be counted' });
      expect(diagnostics.report().skipped[0]).toMatchObject({ kind: 'conversation', id: 'not an id' });
      expect(workspace.inbox.snapshot().rows.find((r) => r.id === record.id)?.preview).not.toBe(
        'lost for want of an ID',
      );
    } finally {
      await close();
      await transport.close();
    }
  });
});
