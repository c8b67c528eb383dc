import { compareIds } from '../../src/shared/api/ids';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { dispatchInvoke } from '../../src/main/core/contract/contract-dispatch';
import { memoryCredentialStore } from '../../src/main/core/accounts/credentials';
import { Diagnostics } from '../../src/main/core/log/diagnostics';
import { createWorkspace } from '../../src/main/core/compose';
import { createAccountsWithDemo } from '../../src/main/demo/embedded-demo';
import type { RunningSandbox } from '../../src/sandbox/server';
import { sandbox } from '../support/sandbox';
import { SpoilingTransport } from '../support/spoiling-transport';
import { until } from '../support/until';

let sbx: RunningSandbox;
beforeAll(async () => {
  sbx = await sandbox();
});
afterAll(() => sbx.close());

const inboxOf = (running: RunningSandbox, appId: string) =>
  [...running.store.conversations.values()].filter((c) => c.appId === appId && c.userReplies > 0 && !c.assistantType);

/** A conversation whose unread count is text: kept without it (test/core/partly-read.test.ts). */
const spoilCount = (item: object) => ({ ...item, unread_parts_count: 'many' });
/** A part created on no known day: a timeline cannot place it, so it is left out. */
const spoilCreated = (item: object) => ({ ...item, created: 'some day' });

describe('one bad item does not blank the inbox', () => {
  it('shows the whole page, stays healthy, and counts the damaged conversation and the bad part', async () => {
    const app = sbx.info.apps[0]!;
    const inbox = inboxOf(sbx, app.id);
    const bad = inbox[3]!;
    const withParts = inbox.find((c) => c.id !== bad.id && c.parts.length >= 3)!;
    const badPart = withParts.parts[1]!;
    const transport = new SpoilingTransport();
    transport.conversations.set(bad.id, spoilCount);
    transport.parts.set(badPart.id, spoilCreated);
    const diagnostics = new Diagnostics();
    const { workspace, close } = createWorkspace(
      { id: 'demo', mode: 'sandbox', baseUrl: sbx.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
      {
        notifier: new RecordingNotifier(),
        transport,
        diagnostics,
        realtime: false,
        inboxIntervalMs: 50,
        dataDir: await mkdtemp(join(tmpdir(), 'perch-skip-')),
        openExternal: async () => {},
      },
    );
    try {
      await workspace.start();
      await until(() => workspace.inbox.snapshot().progress.done && workspace.inbox.health !== 'starting', {
        what: 'the first read',
      });
      const shown = workspace.inbox
        .snapshot()
        .rows.map((r) => r.id)
        .sort(compareIds);
      expect(shown).toEqual(inbox.map((c) => c.id).sort(compareIds));
      expect(workspace.inbox.health).toBe('ok');
      // Later polls meet the same item again: the inbox stays healthy, the item is listed once.
      expect(shown.filter((id) => id === bad.id)).toHaveLength(1);
      sbx.simulator.writeInto(bad, 'still spoiled');
      await until(() => diagnostics.report().skippedTotal >= 2, { what: 'a poll to meet the bad conversation again' });
      expect(workspace.inbox.health).toBe('ok');
      // The poll's cursor passes it: later polls do not read it again and again.
      const met = diagnostics.report().skippedTotal;
      for (let i = 0; i < 3; i++) await workspace.inbox.pollOnce();
      expect(diagnostics.report().skippedTotal).toBe(met);

      const opened = await workspace.handlers['conversation:open'](withParts.id);
      expect(opened.parts.map((p) => p.id)).toEqual(
        withParts.parts
          .filter((p) => p.id !== badPart.id)
          .slice(-50)
          .map((p) => p.id),
      );

      const report = diagnostics.report();
      expect(report.skipped.filter((s) => s.kind === 'conversation')).toEqual([
        expect.objectContaining({
          id: String(bad.id),
          reason: expect.stringMatching(/^unread_parts_count: .*\(kept without it\)$/),
        }),
      ]);
      expect(report.skipped.find((s) => s.kind === 'conversation')!.times).toBeGreaterThanOrEqual(2);
      expect(report.skipped).toContainEqual(
        expect.objectContaining({
          kind: 'part',
          id: String(badPart.id),
          reason: expect.stringMatching(/^created: /),
        }),
      );
    } finally {
      await close();
      await transport.close();
    }
  });

  it('shows and counts a damaged conversation a realtime message makes it read', async () => {
    const streaming = await sandbox({ realtime: true });
    const app = streaming.info.apps[0]!;
    const diagnostics = new Diagnostics();
    const { workspace, close } = createWorkspace(
      {
        id: 'demo',
        mode: 'sandbox',
        baseUrl: streaming.info.baseUrl,
        appId: app.id,
        adminId: app.adminId,
        token: app.token,
      },
      {
        notifier: new RecordingNotifier(),
        diagnostics,
        inboxIntervalMs: 60_000,
        dataDir: await mkdtemp(join(tmpdir(), 'perch-skip-')),
        openExternal: async () => {},
      },
    );
    const record = inboxOf(streaming, app.id)[5]!;
    const clicked = record.clicked;
    try {
      await workspace.start();
      await until(() => workspace.inbox.health === 'ok' && workspace.currentAttention.realtime, {
        what: 'the realtime connection',
      });
      (record as { clicked: unknown }).clicked = 'yes';
      streaming.simulator.writeInto(record, 'in a bad shape');
      await until(() => diagnostics.report().skippedTotal > 0, { what: 'the damage to be counted' });
      expect(diagnostics.report().skipped).toEqual([
        expect.objectContaining({
          kind: 'conversation',
          id: String(record.id),
          reason: expect.stringMatching(/^clicked: .*\(kept without it\)$/),
        }),
      ]);
      expect(workspace.inbox.row(record.id)?.preview).toBe('in a bad shape');
      expect(workspace.inbox.health).toBe('ok');
    } finally {
      record.clicked = clicked;
      await close();
      await streaming.close();
    }
  });

  it('answers diagnostics:get with what was left out and nothing of the token', async () => {
    const transport = new SpoilingTransport();
    let demo: RunningSandbox | undefined;
    const dir = await mkdtemp(join(tmpdir(), 'perch-skip-'));
    const created = await createAccountsWithDemo({
      dataDir: dir,
      credentials: memoryCredentialStore(),
      workspace: {
        notifier: new RecordingNotifier(),
        openExternal: async () => {},
        transport,
        realtime: false,
        inboxIntervalMs: 100,
      },
      demo: {
        simulatorIntervalMs: false,
        conversationsPerApp: 10,
        persist: false,
        onDemo: (running) => {
          demo = running;
          transport.conversations.set(inboxOf(running, running.info.apps[0]!.id)[0]!.id, spoilCount);
        },
      },
    });
    try {
      await created.accounts.start();
      await until(() => created.accounts.workspace?.inbox.snapshot().progress.done === true, {
        what: 'the demo inbox',
      });
      const result = await dispatchInvoke(created.accounts.handlers, 'diagnostics:get', []);
      expect(result).toMatchObject({
        ok: true,
        value: {
          skippedTotal: 1,
          skipped: [{ kind: 'conversation', reason: expect.stringMatching(/unread_parts_count/) }],
        },
      });
      expect(JSON.stringify(result)).not.toContain(demo!.info.apps[0]!.token);
      expect(await dispatchInvoke(created.accounts.handlers, 'diagnostics:get', ['extra'])).toMatchObject({
        ok: false,
        error: { code: 'invalid-arguments' },
      });
    } finally {
      await created.close();
      await transport.close();
    }
  });
});
