import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUndiciTransport } from '../../src/main/core/api/transport';
import type { HttpRequest, HttpTransport } from '../../src/main/core/ports';
import { createWorkspace } from '../../src/main/core/compose';
import type { Workspace } from '../../src/main/core/workspace/workspace';
import { freshnessOf, staleAfterMs, UP_TO_DATE_MS } from '../../src/shared/freshness';
import type { InboxChange } from '../../src/shared/ipc/contract';
import type { RunningSandbox } from '../../src/sandbox/server';
import { FakeClock, settle } from '../support/fake-clock';
import { sandbox } from '../support/sandbox';
import { until } from '../support/until';

describe('freshness, defined once', () => {
  const at = 1_800_000_000_000;
  const fresh = { lastGoodAt: at, staleAt: at + staleAfterMs(2000) };

  it('is up to date just after a good answer, then says how long ago, then turns stale', () => {
    expect(staleAfterMs(2000)).toBe(60_000);
    expect(staleAfterMs(30_000)).toBe(90_000);
    expect(freshnessOf({ health: 'ok', freshness: fresh }, at + 1000)).toEqual({ kind: 'up-to-date' });
    expect(freshnessOf({ health: 'ok', freshness: fresh }, at + UP_TO_DATE_MS)).toEqual({ kind: 'synced', at });
    expect(freshnessOf({ health: 'ok', freshness: fresh }, at + 60_000)).toEqual({ kind: 'stale', since: at });
  });

  it('is never up to date while the account cannot sync, nor before its first good answer', () => {
    for (const health of ['offline', 'degraded', 'signed-out'] as const)
      expect(freshnessOf({ health, freshness: fresh }, at + 1000)).toEqual({ kind: 'stale', since: at });
    expect(freshnessOf({ health: 'offline' }, at)).toEqual({ kind: 'stale', since: null });
    expect(freshnessOf({ health: 'starting' }, at)).toEqual({ kind: 'starting' });
  });
});

/** Requests under way: the fake clock moves only once the network is quiet. */
class WatchedTransport implements HttpTransport {
  inFlight = 0;
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });
  async send(request: HttpRequest) {
    this.inFlight++;
    try {
      return await this.inner.send(request);
    } finally {
      this.inFlight--;
    }
  }
  close() {
    return this.inner.close();
  }
}

let sbx: RunningSandbox | null = null;
let workspace: Workspace;
let cleanup: () => Promise<void> = async () => {};
afterEach(async () => {
  await cleanup();
  await sbx?.close();
  sbx = null;
});

describe("an account's freshness on a fake clock", () => {
  it('stays up to date while polls work, turns stale when the server stops answering, and recovers', async () => {
    const running = await sandbox({ conversationsPerApp: 6 });
    sbx = running;
    const app = running.info.apps[0]!;
    const clock = new FakeClock();
    const transport = new WatchedTransport();
    let close: () => Promise<void>;
    ({ workspace, close } = createWorkspace(
      {
        id: 'account-00000000000000f1',
        mode: 'account',
        baseUrl: running.info.baseUrl,
        appId: app.id,
        adminId: app.adminId,
        token: app.token,
      },
      {
        notifier: { show: () => {} },
        transport,
        clock,
        random: () => 1,
        realtime: false,
        inboxIntervalMs: 2000,
        dataDir: await mkdtemp(join(tmpdir(), 'perch-fresh-')),
        openExternal: async () => {},
      },
    ));
    cleanup = async () => {
      await close();
      await transport.close();
    };
    const changes: InboxChange[] = [];
    workspace.inbox.events.on('change', (change) => void changes.push(change));
    await workspace.start();
    await until(() => workspace.inbox.health === 'ok', { what: 'the first sync' });
    workspace.setAttention({ windowFocused: true, windowVisible: true });
    const step = async (ms: number) => {
      await clock.advance(ms);
      await until(() => transport.inFlight === 0, { what: 'the requests under way' });
      await settle();
    };
    const freshness = () => freshnessOf(workspace.sortedInbox(), clock.now());
    expect(freshness()).toEqual({ kind: 'up-to-date' });

    // An idle inbox changes nothing, yet the window hears now and then that it is still fresh.
    const heard = changes.length;
    for (let s = 0; s < 40; s++) await step(1000);
    expect(freshness()).toEqual({ kind: 'up-to-date' });
    const told = changes.slice(heard).map((c) => c.freshness?.lastGoodAt ?? 0);
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...told)).toBeGreaterThan(clock.now() - UP_TO_DATE_MS);

    // The server stops answering: stale, since the last good answer.
    const lastGood = workspace.sortedInbox().freshness!.lastGoodAt!;
    running.faults.settings = { ...running.faults.settings, dropRate: 1 };
    for (let s = 0; s < 10 && freshness().kind !== 'stale'; s++) await step(1000);
    const stale = freshness();
    expect(stale.kind).toBe('stale');
    expect(stale.kind === 'stale' && stale.since).toBeGreaterThanOrEqual(lastGood);
    expect(stale.kind === 'stale' && stale.since).toBeLessThan(clock.now());
    // The window heard it too, in the change that said the account went offline.
    expect(changes.at(-1)?.health).toBe('offline');

    // The server answers again: up to date at the next poll.
    running.faults.settings = { ...running.faults.settings, dropRate: 0 };
    for (let s = 0; s < 30 && freshness().kind !== 'up-to-date'; s++) await step(1000);
    expect(freshness()).toEqual({ kind: 'up-to-date' });
  });
});
