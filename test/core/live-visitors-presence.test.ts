import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingNotifier } from '../../src/main/browser-host/host';
import { createWorkspace } from '../../src/main/core/compose';
import type { Workspace } from '../../src/main/core/workspace/workspace';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { VisitorRow } from '../../src/shared/directory';
import { FakeClock } from '../support/fake-clock';
import { CountingTransport, sandbox } from '../support/sandbox';
import { until } from '../support/until';

/**
 * While realtime is live, presence messages drive the live visitors and the periodic read is
 * only a safety net (60 s); without realtime, the list is read every 15 s again.
 */

let sbx: RunningSandbox;
let workspace: Workspace;
let close: () => Promise<void>;
let clock: FakeClock;
let transport: CountingTransport;

beforeEach(async () => {
  sbx = await sandbox({ realtime: true });
  clock = new FakeClock();
  transport = new CountingTransport();
  const app = sbx.info.apps[0]!;
  const opened = createWorkspace(
    { id: 'demo', mode: 'sandbox', baseUrl: sbx.info.baseUrl, appId: app.id, adminId: app.adminId, token: app.token },
    {
      notifier: new RecordingNotifier(),
      clock,
      transport,
      dataDir: await mkdtemp(join(tmpdir(), 'perch-presence-')),
      openExternal: async () => {},
    },
  );
  workspace = opened.workspace;
  close = opened.close;
  await workspace.start();
  await until(() => workspace.inbox.health === 'ok' && workspace.currentAttention.realtime, {
    what: 'the first sync, and realtime live',
  });
});
afterEach(async () => {
  await close();
  await transport.close();
  await sbx.close();
});

const visitorReads = () => transport.requests.filter((r) => new URL(r.url).pathname.endsWith('/activeusers')).length;
const online = (rows: VisitorRow[]) => rows.map((r) => r.id).sort();

describe('live visitors while realtime is live', () => {
  it('follow presence at once, read the list only as a safety net, and every 15 s again once realtime is off', async () => {
    const lists: VisitorRow[][] = [];
    workspace.directory.events.on('visitors', (rows) => lists.push(rows));
    const first = await workspace.directory.watchVisitors(true);
    const reads = visitorReads();

    // The fake clock has not moved: no periodic read can run, only the presence message can bring this.
    sbx.simulator.toggleVisitor(sbx.info.apps[0]!.id);
    await until(() => lists.length > 0 && online(lists.at(-1)!).join() !== online(first).join(), {
      what: 'the presence change in the list',
    });
    expect(visitorReads()).toBe(reads + 1);

    // No read at 15 s, nor at 30 s: presence messages keep the list current.
    await clock.advance(15_000);
    expect(visitorReads()).toBe(reads + 1);
    await clock.advance(15_000);
    expect(visitorReads()).toBe(reads + 1);

    // Realtime switched off: back to the 15 s read.
    await workspace.switchLiveUpdates(false);
    expect(workspace.currentAttention.realtime).toBe(false);
    await clock.advance(15_000);
    await until(() => visitorReads() === reads + 2, { what: 'the 15 s read without realtime' });
    await clock.advance(15_000);
    await until(() => visitorReads() === reads + 3, { what: 'the next 15 s read' });
  });
});
