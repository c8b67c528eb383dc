import { afterEach, expect, it } from 'vitest';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import type { HttpRequest, HttpTransport } from '../../../src/main/core/ports';
import type { VisitorNotification } from '../../../src/main/core/ports';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { FakeClock, settle } from '../../support/fake-clock';
import { sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { APP_PACE, workspaceOn } from '../../support/workspace-on';

/** Requests under way and how many failed: the test moves the fake clock only once the network is quiet. */
class WatchedTransport implements HttpTransport {
  inFlight = 0;
  failed = 0;
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });
  async send(request: HttpRequest) {
    this.inFlight++;
    try {
      return await this.inner.send(request);
    } catch (error) {
      this.failed++;
      throw error;
    } finally {
      this.inFlight--;
    }
  }
  close() {
    return this.inner.close();
  }
}

let sbx: RunningSandbox;
let cleanup: () => Promise<void> = async () => {};
afterEach(async () => {
  await cleanup();
  await sbx.close();
});

/** A workspace on the sandbox with a fake clock and the worst jitter (every backoff waits its whole ceiling). */
async function start() {
  sbx = await sandbox({ conversationsPerApp: 12 });
  const app = sbx.info.apps[0]!;
  const clock = new FakeClock();
  const transport = new WatchedTransport();
  const notifications: VisitorNotification[] = [];
  const { workspace, close } = await workspaceOn(sbx, {
    ...APP_PACE,
    connection: { id: 'account-00000000000000c3' },
    notifier: { show: (n) => void notifications.push(n) },
    transport,
    clock,
    random: () => 1,
    realtime: false,
    inboxIntervalMs: 2000,
    partsIntervalMs: 1500,
    start: false,
  });
  cleanup = async () => {
    await close();
    await transport.close();
  };
  await workspace.start();
  await until(() => workspace.inbox.health === 'ok', { what: 'the first sync' });
  // The window is in front of the agent: the focused cadence (2 s).
  workspace.setAttention({ windowFocused: true, windowVisible: true });
  // The fake clock stands still while real requests and the outbox's file writes are under way.
  const quiet = () =>
    until(() => transport.inFlight === 0 && !workspace.outbox.busy, { what: 'the requests under way' });
  /** Moves the fake clock by `ms`, letting every request it starts end. */
  const step = async (ms: number) => {
    await clock.advance(ms);
    await quiet();
    await settle();
  };
  /** Fake milliseconds until the condition holds, moving the clock 100 ms at a time. */
  const elapsedUntil = async (check: () => boolean, maxMs = 120_000) => {
    const from = clock.now();
    while (!check()) {
      if (clock.now() - from > maxMs) throw new Error(`not within ${maxMs} ms`);
      await step(100);
    }
    return clock.now() - from;
  };
  const open = [...sbx.store.conversations.values()].filter(
    (c) => c.appId === app.id && !c.closed && c.userReplies > 0 && !c.assistantType,
  );
  // A visitor message there notifies (mine or unassigned); the agent replies in another.
  const visitorConversation = open.find((c) => c.assigneeId === null || c.assigneeId === app.adminId);
  const other = open.find((c) => c !== visitorConversation);
  return {
    workspace,
    clock,
    transport,
    notifications,
    step,
    elapsedUntil,
    visitorConversation: visitorConversation!,
    other: other!,
  };
}

/** Five minutes without the server, the clock moved a second at a time. */
async function outage(ctx: Awaited<ReturnType<typeof start>>) {
  sbx.faults.settings = { ...sbx.faults.settings, dropRate: 1 };
  for (let s = 0; s < 300; s++) await ctx.step(1000);
  expect(ctx.workspace.inbox.health).toBe('offline');
}

const notified = (notifications: VisitorNotification[], body: string) => () =>
  notifications.some((n) => n.body.includes(body));

it('after a long outage the account is current within one capped wait of the server answering again', async () => {
  const ctx = await start();
  const { workspace, clock, transport } = ctx;
  const began = clock.now();
  await outage(ctx);
  // The status says since when and when the next try is.
  const trouble = workspace.sortedInbox().trouble!;
  expect(trouble.kind).toBe('offline');
  expect(trouble.since).toBeGreaterThanOrEqual(began);
  expect(trouble.since).toBeLessThanOrEqual(began + 1000);
  expect(trouble.failures).toBeGreaterThan(5);
  expect(trouble.nextTryAt).toBeGreaterThan(clock.now());
  // The wait after failures is capped: never tens of seconds.
  expect(trouble.nextTryAt! - clock.now()).toBeLessThanOrEqual(10_000);

  // The server comes back right after a failed poll, and a visitor writes.
  const failed = transport.failed;
  await ctx.elapsedUntil(() => transport.failed > failed);
  sbx.faults.settings = { ...sbx.faults.settings, dropRate: 0 };
  sbx.simulator.writeInto(ctx.visitorConversation, 'Is anyone there now?');
  const ms = await ctx.elapsedUntil(
    () => workspace.inbox.health === 'ok' && notified(ctx.notifications, 'Is anyone there now?')(),
  );
  expect(ms).toBeLessThanOrEqual(10_000);
  expect(workspace.sortedInbox().trouble ?? null).toBeNull();
});

it('a write that lands after an outage brings the inbox back at once, without waiting for its backoff', async () => {
  const ctx = await start();
  const { workspace } = ctx;
  await outage(ctx);
  sbx.faults.settings = { ...sbx.faults.settings, dropRate: 0 };
  sbx.simulator.writeInto(ctx.visitorConversation, 'Back online?');
  // The agent answers in another conversation: the reply goes at once and lands; the inbox polls on its answer.
  await workspace.outbox.enqueue({
    kind: 'reply',
    conversationId: ctx.other.id,
    body: 'We are here',
    note: false,
  });
  const landedIn = await ctx.elapsedUntil(() => workspace.outbox.list().length === 0, 1000);
  expect(landedIn).toBeLessThanOrEqual(200);
  const ms = await ctx.elapsedUntil(
    () => workspace.inbox.health === 'ok' && notified(ctx.notifications, 'Back online?')(),
  );
  expect(ms).toBeLessThanOrEqual(100);
});

it('a write failing while the server is away says its attempt and next try; Try now polls and sends at once', async () => {
  const ctx = await start();
  const { workspace, clock } = ctx;
  sbx.faults.settings = { ...sbx.faults.settings, dropRate: 1 };
  await workspace.outbox.enqueue({
    kind: 'reply',
    conversationId: ctx.other.id,
    body: 'Sent in the dark',
    note: false,
  });
  for (let s = 0; s < 60; s++) await ctx.step(1000);
  const [item] = workspace.outbox.list();
  expect(item!.state).toBe('pending');
  expect(item!.failure).toBe('offline');
  // Every failed attempt counts, offline ones too: the agent reads "attempt 3".
  expect(item!.tries).toBeGreaterThanOrEqual(3);
  expect(item!.nextAttemptAt).toBeGreaterThan(clock.now());
  expect(workspace.inbox.health).toBe('offline');

  sbx.faults.settings = { ...sbx.faults.settings, dropRate: 0 };
  sbx.simulator.writeInto(ctx.visitorConversation, 'Try now please');
  workspace.tryNow();
  const ms = await ctx.elapsedUntil(
    () =>
      workspace.outbox.list().length === 0 &&
      workspace.inbox.health === 'ok' &&
      notified(ctx.notifications, 'Try now please')(),
  );
  expect(ms).toBeLessThanOrEqual(100);
  expect(ctx.other.parts.some((p) => p.body === 'Sent in the dark')).toBe(true);
});
