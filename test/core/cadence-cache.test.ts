import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CADENCE_MS, DEFAULT_CADENCE, inboxInterval, partsInterval } from '../../src/main/core/attention/cadence';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { createWorkspace } from '../../src/main/core/compose';
import { InboxSync } from '../../src/main/core/sync/inbox-sync';
import type { RunningSandbox } from '../../src/sandbox/server';
import { FakeClock } from '../support/fake-clock';
import { clientFor, CountingTransport, sandbox } from '../support/sandbox';
import { until } from '../support/until';

describe('cadence', () => {
  it('polls fastest for a focused window and slows down in the background, idle and on battery', () => {
    const focused = { ...DEFAULT_CADENCE, windowFocused: true, windowVisible: true };
    expect(inboxInterval(focused)).toBe(CADENCE_MS.focused);
    // Until an adapter says a window is seen, none is.
    expect(inboxInterval(DEFAULT_CADENCE)).toBe(CADENCE_MS.background);
    expect(inboxInterval({ ...focused, idle: true })).toBe(CADENCE_MS.idle);
    expect(inboxInterval({ ...focused, idle: true, onBattery: true })).toBe(2 * CADENCE_MS.idle);
    expect(inboxInterval({ ...focused, realtime: true })).toBe(CADENCE_MS.realtimeFloor);
    expect(inboxInterval({ ...focused, suspended: true })).toBeNull();
    expect(partsInterval(focused)).toBeLessThan(partsInterval(DEFAULT_CADENCE)!);
  });
});

describe('InboxSync interval changes', () => {
  let sbx: RunningSandbox;
  beforeEach(async () => {
    sbx = await sandbox();
  });
  afterEach(() => sbx.close());

  it('brings the next poll forward when the interval shortens, and pauses on null', async () => {
    const clock = new FakeClock();
    const sync = new InboxSync({ api: clientFor(sbx), clock, adminId: '1', intervalMs: 20_000 });
    sync.start();
    await until(() => sync.health === 'ok');
    expect(clock.nextDelay()).toBe(20_000);
    await clock.advance(1000);
    sync.setInterval(2000);
    expect(clock.nextDelay()).toBe(1000);
    sync.setInterval(null);
    expect(clock.pending).toBe(0);
    sync.setInterval(5000);
    expect(clock.nextDelay()).toBe(4000);
    sync.stop();
  });
});

describe('inbox cache', () => {
  let sbx: RunningSandbox;
  beforeEach(async () => {
    sbx = await sandbox();
  });
  afterEach(() => sbx.close());

  it('shows the last inbox at once after a restart and catches up with the cursor', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-cache-'));
    const app = sbx.info.apps[0]!;
    const connection = {
      id: 'demo',
      mode: 'sandbox' as const,
      baseUrl: sbx.info.baseUrl,
      appId: app.id,
      adminId: app.adminId,
      token: app.token,
    };
    const first = createWorkspace(connection, {
      notifier: new RecordingNotifier(),
      dataDir,
      openExternal: async () => {},
    });
    await first.workspace.start();
    await until(() => first.workspace.inbox.health === 'ok');
    const rows = first.workspace.inbox.snapshot().rows.length;
    const seen = first.workspace.inbox.snapshot().rows.find((r) => r.unread > 0)!;
    first.workspace.inbox.markSeen(seen.id);
    await first.close();

    const written = [...sbx.store.conversations.values()].find(
      (c) => c.appId === app.id && c.userReplies > 0 && !c.assistantType && c.id !== seen.id,
    )!;
    sbx.simulator.writeInto(written, 'while Perch was closed');
    const transport = new CountingTransport();
    const second = createWorkspace(connection, {
      notifier: new RecordingNotifier(),
      dataDir,
      transport,
      openExternal: async () => {},
    });
    const started = second.workspace.start();
    await started;
    // Before any answer from the server, the cached inbox is already there, read state included.
    expect(second.workspace.inbox.snapshot().rows.length).toBe(rows);
    expect(second.workspace.inbox.row(seen.id)!.unread).toBe(0);
    await until(() => second.workspace.inbox.row(written.id)?.preview === 'while Perch was closed');
    const first2 = new URL(transport.requests[0]!.url);
    expect(first2.searchParams.get('paginate_direction')).toBe('after');
    await second.close();
  });
});
