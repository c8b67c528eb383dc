import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import type { HttpRequest, HttpTransport } from '../../../src/main/core/ports';
import type { VisitorNotification } from '../../../src/main/core/ports';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import type { RunningSandbox } from '../../../src/sandbox/server';
import type { Conversation } from '../../../src/shared/api/types';
import { toInboxRow, type InboxRow } from '../../../src/shared/inbox';
import { apiOn, raw, sandbox } from '../../support/sandbox';
import { until } from '../../support/until';
import { workspaceOn } from '../../support/workspace-on';

/** Counts completed `after` polls, so a round can wait until Perch has looked since it acted. */
class PollCountingTransport implements HttpTransport {
  completedPolls = 0;
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });
  async send(request: HttpRequest) {
    const response = await this.inner.send(request);
    if (request.url.includes('paginate_direction=after')) this.completedPolls += 1;
    return response;
  }
  close() {
    return this.inner.close();
  }
}

const ROUNDS = 30;
const shown = (row: InboxRow) => ({
  id: row.id,
  visitorName: row.visitorName,
  preview: row.preview,
  previewFromVisitor: row.previewFromVisitor,
  lastUpdate: row.lastUpdate,
  assignee: row.assignee,
  tags: [...row.tags].sort(),
  closed: row.closed,
  channel: row.channel,
});

let sbx: RunningSandbox;
let transport: PollCountingTransport;
let workspace: Workspace;
let close: () => Promise<void>;
const notifications: VisitorNotification[] = [];

/**
 * Perch on a fresh sandbox: polling alone (no realtime client at all), or with the Realtime
 * Services dropping a fifth of their messages, doubling and reordering others and cutting
 * every connection every 2 s, polling being the safety net at a shrunk cadence.
 */
async function setUp(realtime: boolean): Promise<void> {
  sbx = await sandbox({ conversationsPerApp: 30, seed: 17, realtime, realtimePingMs: 500 });
  if (realtime)
    sbx.realtime.setFaults({ dropRate: 0.2, duplicateRate: 0.1, reorderRate: 0.1, delayMs: 5, cutEveryMs: 2000 });
  transport = new PollCountingTransport();
  notifications.length = 0;
  ({ workspace, close } = await workspaceOn(sbx, {
    connection: { id: 'account-00000000000000a1' },
    notifier: { show: (n) => void notifications.push(n) },
    transport,
    realtime,
    inboxIntervalMs: 150,
    partsIntervalMs: 150,
    cadence: { focused: 150, background: 150, idle: 150, realtimeFloor: 400, max: 1000 },
    sweepReadsPerPoll: 2,
    start: 'started',
  }));
  await until(() => workspace.inbox.health === 'ok', { what: 'the first sync' });
  if (realtime) await until(() => workspace.currentAttention.realtime, { what: 'the realtime connection' });
  realtimeMessages = 0;
  workspace.options.realtime?.events.on('event', () => void (realtimeMessages += 1));
}
/** Messages the realtime client passed on: the faults must leave some, or the test proves only polling. */
let realtimeMessages = 0;

afterEach(async () => {
  await close();
  await transport.close();
  await sbx.close();
});

/** The inbox as the server has it now, shown the way Perch shows a row. */
async function serverRows(): Promise<Map<string, ReturnType<typeof shown>>> {
  const api = apiOn(sbx);
  const all: Conversation[] = [];
  for await (const page of api.conversationsBefore({ includeNotAssigned: true }, undefined, 50)) all.push(...page);
  // A row shows the last message: an assignment or a close after it leaves the preview alone.
  const lastMessage = (c: Conversation): Conversation => {
    const part = [...(sbx.store.conversations.get(c.id)?.parts ?? [])]
      .reverse()
      .find((p) => ['reply_user', 'reply_admin', 'note', 'article'].includes(p.type));
    return part && c.part_last
      ? {
          ...c,
          part_last: {
            ...c.part_last,
            type: part.type,
            body: part.body,
            direction: part.direction,
            created: part.created,
            attachments: part.attachments,
          },
        }
      : c;
  };
  return new Map(all.map((c) => [c.id, shown(toInboxRow(lastMessage(c), undefined))]));
}

const perchRows = () => new Map(workspace.inbox.snapshot().rows.map((row) => [row.id, shown(row)]));

function pick<T>(items: T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe.each([
  { name: 'polling alone', realtime: false },
  { name: 'realtime that loses, doubles, reorders and drops, with polling as the safety net', realtime: true },
])('$name, while visitors, a colleague and the agent all write', ({ realtime }) => {
  beforeEach(() => setUp(realtime));

  it(`converges to the server and notifies every visitor message once, over ${ROUNDS} rounds`, async () => {
    const app = sbx.info.apps[0]!;
    const me = app.adminId;
    const colleague = [...sbx.store.admins.values()].find((a) => a.appId === app.id && a.id !== me)!.id;
    const random = seeded(5);
    /** Visitor messages that must each raise exactly one notification, and those that must raise none. */
    const expected = new Map<string, number>();
    const unexpected = new Set<string>();
    const tags = ['billing', 'vip', 'bug', 'refund'];

    for (let round = 0; round < ROUNDS; round++) {
      const ids = [...(await serverRows()).keys()];
      // Disjoint sets: a visitor's conversation is not also changed by the colleague in the same round.
      const [visitorIds, colleagueIds, agentIds] = [pick(ids, 3, random), [] as string[], [] as string[]];
      const rest = ids.filter((id) => !visitorIds.includes(id));
      colleagueIds.push(...pick(rest, 3, random));
      agentIds.push(
        ...pick(
          rest.filter((id) => !colleagueIds.includes(id)),
          2,
          random,
        ),
      );

      for (const [i, id] of visitorIds.entries()) {
        const record = sbx.store.conversations.get(id)!;
        const body = `visitor ${round}.${i}`;
        await raw(sbx, `/conversations/${id}/reply`, { form: { body, from_user: String(record.userId) } });
        const assignee = record.assigneeId;
        if (assignee === null || assignee === me) expected.set(body, 0);
        else unexpected.add(body);
      }
      // The agent answers elsewhere through the contract while the visitors write.
      for (const id of agentIds)
        await workspace.handlers['conversation:reply']({ conversationId: id, body: `agent ${round}`, kind: 'reply' });
      for (const [i, id] of colleagueIds.entries()) {
        const action = (round + i) % 4;
        if (action === 0)
          await raw(sbx, `/conversations/${id}/assign`, {
            form: { admin: String(random() < 0.5 ? colleague : me), from_admin: String(colleague) },
          });
        else if (action === 1)
          await raw(sbx, `/conversations/${id}/close`, { form: { from_admin: String(colleague) } });
        else if (action === 2)
          await raw(sbx, `/conversations/${id}/tag`, {
            form: { action: 'add', tag: tags[Math.floor(random() * tags.length)]!, from_admin: String(colleague) },
          });
        else
          await raw(sbx, `/conversations/${id}/reply`, {
            form: { body: `colleague ${round}`, from_admin: String(colleague) },
          });
      }
      await until(() => workspace.outbox.list().every((item) => item.state === 'sent'), {
        what: "the agent's replies to land",
      });
      // Two completed polls: at least one of them started after everything this round did.
      const polls = transport.completedPolls;
      await until(() => transport.completedPolls >= polls + 2, { what: 'two polls after the round' });
    }

    // A last round of the colleague's tags, on conversations nobody touches afterwards.
    const lastTagged = pick([...(await serverRows()).keys()], 4, random);
    for (const [i, id] of lastTagged.entries()) {
      const tag = tags[i % tags.length]!;
      const has = sbx.store.conversations.get(id)!.tags.includes(tag);
      const res = await raw(sbx, `/conversations/${id}/tag`, {
        form: { action: has ? 'delete' : 'add', tag, from_admin: String(colleague) },
      });
      expect(res.status).toBe(200);
      expect(sbx.store.conversations.get(id)!.tags.includes(tag)).toBe(!has);
    }

    const counts = new Map<string, number>();
    for (const n of notifications) counts.set(n.body, (counts.get(n.body) ?? 0) + 1);
    const notOnce = [...expected.keys()]
      .filter((body) => counts.get(body) !== 1)
      .map((body) => `${body}: ${counts.get(body) ?? 0}`);
    expect(notOnce, 'visitor messages in scope not notified exactly once').toEqual([]);
    expect(
      [...unexpected].filter((body) => counts.has(body)),
      'visitor messages outside the scope that notified',
    ).toEqual([]);
    expect(expected.size).toBeGreaterThan(ROUNDS);
    if (realtime) expect(realtimeMessages).toBeGreaterThan(ROUNDS);

    // Tags change no part: only the background sweep can bring them. Everything else is polled.
    let differing: string[] = [];
    for (const end = Date.now() + 40_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const [mine, theirs] = [perchRows(), await serverRows()];
      const ids = new Set([...mine.keys(), ...theirs.keys()]);
      differing = [...ids].filter((id) => JSON.stringify(mine.get(id)) !== JSON.stringify(theirs.get(id)));
      if (differing.length === 0) break;
    }
    expect(differing, 'conversations that differ from the server after the quiet period').toEqual([]);
  }, 120_000);
});
