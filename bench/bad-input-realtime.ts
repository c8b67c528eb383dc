// The bad-input run's part about a broken or hostile Realtime Services server, and inputs whose
// cost must stay bounded: each case prints what it cost (CPU of this process, RSS, requests)
// and fails the run past its bound (docs/reliability.md).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RecordingNotifier } from '../src/main/browser-host/host';
import { Diagnostics } from '../src/main/core/log/diagnostics';
import { systemClock } from '../src/main/core/runtime/clock';
import { RealtimeClient } from '../src/main/core/sync/realtime-client';
import { createWorkspace } from '../src/main/core/compose';
import type { RunningSandbox } from '../src/sandbox/server';
import type { RealtimeStatus } from '../src/shared/realtime';
import { envelope, hostileRealtime, type HostilePlay } from '../test/support/hostile-realtime';
import { costOf, sleep } from './support';

type Recorder = (area: string, name: string, clearError: boolean, unchanged: boolean, detail: string) => void;

const LIVE: RealtimeStatus[] = ['connected', 'long-polling'];

export async function realtimeCases(sandbox: RunningSandbox, record: Recorder): Promise<void> {
  const app = sandbox.info.apps[0]!;

  /** A realtime client alone against `play` for `ms`: the requests it made and its statuses. */
  async function clientAgainst(play: HostilePlay, ms: number) {
    const server = await hostileRealtime(sandbox, play);
    const client = new RealtimeClient({ url: server.wsUrl, appId: app.id, token: app.token, clock: systemClock });
    const statuses: RealtimeStatus[] = [];
    client.events.on('status', (s) => statuses.push(s));
    const cost = await costOf(async () => {
      client.start();
      await sleep(ms);
    });
    const status = client.status;
    await client.stop();
    await server.close();
    return { ...cost, counts: server.counts, statuses, status };
  }

  // Four hostile servers, each watched for 20 s: the four clients run at once (the cases wait,
  // they hardly compute), so the CPU figure is the four's together, held to one case's bound.
  let n = 0;
  const [answered, portal, closed, silent] = await Promise.all([
    // Upgrades refused, long polls answered at once: a floor between empty answers, growing.
    clientAgainst(
      {
        websocket: 'refuse',
        longPoll: (_req, res) => (n++ % 2 ? res.writeHead(304).end() : res.writeHead(200).end('[]')),
      },
      20_000,
    ),
    clientAgainst(
      { websocket: 'refuse', longPoll: (_req, res) => res.writeHead(200).end('<html>Sign in to the Wi-Fi</html>') },
      20_000,
    ),
    // Accepted and closed at once: short-lived opens count, three switch to long polling.
    clientAgainst({ websocket: (ws) => ws.close(1000) }, 20_000),
    // Accepted and never a word: never live.
    clientAgainst({ websocket: () => {} }, 20_000),
  ]);
  // The process's CPU over the same 20 s, as each run counted it: the largest is the four's total.
  const together = Math.max(answered.cpu, portal.cpu, closed.cpu, silent.cpu);
  record(
    'realtime',
    'long polls answered at once with [] or 304 (20 s)',
    answered.counts.longPolls <= 8 && together < 1.5,
    !LIVE.includes(answered.status),
    `${answered.counts.upgrades} upgrades, ${answered.counts.longPolls} long polls (bound 8), status ${answered.status}`,
  );
  record(
    'realtime',
    'a portal answering long polls with HTML (20 s)',
    portal.counts.longPolls <= 10 && together < 1.5,
    !LIVE.includes(portal.status),
    `${portal.counts.upgrades} upgrades, ${portal.counts.longPolls} long polls (bound 10), status ${portal.status}`,
  );
  record(
    'realtime',
    'WebSocket accepted and closed at once (20 s)',
    closed.counts.upgrades <= 4,
    !closed.statuses.includes('connected'),
    `${closed.counts.upgrades} upgrades (bound 4), ${closed.counts.longPolls} long polls`,
  );
  record(
    'realtime',
    'WebSocket accepted that never speaks (20 s)',
    silent.counts.upgrades <= 3,
    !silent.statuses.includes('connected'),
    `${silent.counts.upgrades} upgrades (bound 3), status ${silent.status}, live ${silent.statuses.includes('connected')}; the four clients together ${together.toFixed(2)} CPU s (bound 1.5)`,
  );

  // A workspace whose realtime server floods it: reads, memory and typing stay bounded.
  async function workspaceFlooded(
    name: string,
    flood: (send: (frame: string) => void, rows: string[]) => Promise<void>,
  ) {
    const server = await hostileRealtime(sandbox, {
      websocket: (ws) => ws.send(JSON.stringify(envelope(0, 'ping', { timestamp: 1 }))),
    });
    const diagnostics = new Diagnostics();
    const opened = createWorkspace(
      {
        id: 'hostile',
        mode: 'sandbox',
        baseUrl: server.baseUrl,
        appId: app.id,
        adminId: app.adminId,
        token: app.token,
      },
      {
        notifier: new RecordingNotifier(),
        diagnostics,
        inboxIntervalMs: 60_000,
        dataDir: await mkdtemp(join(tmpdir(), 'perch-bad-rt-')),
        openExternal: async () => {},
      },
    );
    await opened.workspace.start();
    while (!(opened.workspace.inbox.health === 'ok' && opened.workspace.currentAttention.realtime)) await sleep(20);
    let typing = 0;
    opened.workspace.events.on('conversation:typing', () => typing++);
    const before = { ...server.counts };
    const cost = await costOf(async () => {
      await flood(
        (frame) => {
          for (const ws of server.sockets) ws.send(frame);
        },
        opened.workspace.inbox.snapshot().rows.map((r) => r.id),
      );
      await sleep(1000);
    });
    const reads = server.counts.conversationReads - before.conversationReads;
    const polls = server.counts.inboxReads - before.inboxReads;
    await opened.close();
    await server.close();
    return { name, ...cost, reads, polls, typing, skipped: diagnostics.report().skippedTotal };
  }
  const reads = (ids: (string | number)[]) =>
    JSON.stringify(ids.map((id, i) => envelope(i, `conversation_read.${app.id}`, { conversation: id, user: 1 })));
  const unknown = (from: number, count: number) => Array.from({ length: count }, (_, i) => 900_000_000 + from + i);

  {
    const run = await workspaceFlooded('one frame of 20,000 read messages', async (send) => {
      send(reads(unknown(0, 20_000)));
      await sleep(2000);
    });
    record(
      'realtime',
      run.name,
      run.reads <= 25 && run.polls <= 2,
      run.skipped > 0,
      `${run.reads} reads (bound 25), ${run.polls} polls, ${run.cpu.toFixed(2)} CPU s, counted in Diagnostics ${run.skipped > 0}`,
    );
  }
  {
    const startRss = process.memoryUsage.rss();
    const run = await workspaceFlooded('500 new IDs every 50 ms for 10 s', async (send) => {
      for (let i = 0; i < 200; i++) {
        send(reads(unknown(i * 500, 500)));
        await sleep(50);
      }
    });
    const grewMb = Math.round((process.memoryUsage.rss() - startRss) / 2 ** 20);
    record(
      'realtime',
      run.name,
      run.reads <= 35 && run.polls <= 4 && grewMb < 150,
      true,
      `${run.reads} reads (bound 35), ${run.polls} polls, RSS ${run.rssMb} MB (peak ${run.peakRssMb}, +${grewMb}, bound +150), ${run.cpu.toFixed(2)} CPU s`,
    );
  }
  {
    const run = await workspaceFlooded('3,000 typing messages every 50 ms for 5 s', async (send, known) => {
      for (let frame = 0; frame < 100; frame++) {
        const conversation = (i: number) => (i % 2 ? 900_000_000 + i : known[i % 10]!);
        send(
          JSON.stringify(
            Array.from({ length: 3000 }, (_, i) =>
              envelope(i, `conversation_typing.${app.id}`, { conversation: conversation(i), user: 1, body: 'typing' }),
            ),
          ),
        );
        await sleep(50);
      }
    });
    record(
      'realtime',
      run.name,
      run.typing <= 20 * 7 && run.cpu < 6,
      true,
      `${run.typing} typing events to the window (bound 140), ${run.cpu.toFixed(2)} CPU s, RSS ${run.rssMb} MB`,
    );
  }
}
