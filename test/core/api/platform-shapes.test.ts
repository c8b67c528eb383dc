import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/main/core/api/client';
import { createUndiciTransport } from '../../../src/main/core/api/transport';
import type { HttpRequest, HttpTransport } from '../../../src/main/core/ports';
import type { VisitorNotification } from '../../../src/main/core/ports';
import type { Workspace } from '../../../src/main/core/workspace/workspace';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { compareIds, parseJsonLosslessly } from '../../../src/shared/api/ids';
import { raw, sandbox } from '../../support/sandbox';
import { dispatchToOne } from '../../support/one-account';
import { until } from '../../support/until';
import { workspaceOn } from '../../support/workspace-on';

const BEYOND_DOUBLES = 2n ** 53n;

/** Keeps every request's address and its answer, to see what a poll was answered. */
class RecordingTransport implements HttpTransport {
  readonly exchanges: { url: string; body: string }[] = [];
  private readonly inner = createUndiciTransport({ proxyFromEnv: false });
  async send(request: HttpRequest) {
    const response = await this.inner.send(request);
    this.exchanges.push({ url: request.url, body: response.body });
    return response;
  }
  close() {
    return this.inner.close();
  }
}
const isLarge = (id: string) => BigInt(id) > BEYOND_DOUBLES;

describe('reading the platform without losing a digit', () => {
  it('reads 64-bit numbers as their digits and leaves everything else as JSON.parse does', () => {
    const text =
      '{"data":[{"id":1160406004324630614,"n":12,"t":1684739969.358085,"f":0.12345678901234567890,' +
      '"e":12345678901234567e3,"s":"x\\"1448121617782670208","neg":-9007199254740993}],' +
      '"meta":{"next_before_position":[1684739969.358085,1160406004324630614]}}';
    expect(parseJsonLosslessly(text)).toEqual({
      data: [
        {
          id: '1160406004324630614',
          n: 12,
          t: 1684739969.358085,
          f: 0.12345678901234568,
          e: 12345678901234567e3,
          s: 'x"1448121617782670208',
          neg: '-9007199254740993',
        },
      ],
      meta: { next_before_position: [1684739969.358085, '1160406004324630614'] },
    });
    // JSON.parse itself loses the last digits: the reason for all of this.
    expect(String((JSON.parse('{"id":1160406004324630614}') as { id: number }).id)).not.toBe('1160406004324630614');
  });

  describe('a server that ignores id_as_string', () => {
    let server: Server;
    let baseUrl: string;
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          '{"data":{"id":1160406004324630614,"created":1450420434,"read":true,"replied":false,"closed":false,' +
            '"message":6592,"unread_parts_count":0,"last_update":1450420434,"tags":[],' +
            '"assignee":{"id":1448121617782670208,"name":"Alex","avatar":"","type":"admin"},' +
            '"last_admin":{"name":"Support","avatar":"","type":"default_admin"}},"meta":{"status":200}}',
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('still keeps every ID whole, a message ID and a default sender without an ID', async () => {
      const transport = createUndiciTransport({ proxyFromEnv: false });
      const api = new ApiClient({ baseUrl, token: 't', transport });
      const conversation = await api.getConversation('1160406004324630614');
      expect(conversation.id).toBe('1160406004324630614');
      expect(conversation.assignee?.id).toBe('1448121617782670208');
      expect(conversation.message).toBe('6592');
      expect(conversation.last_admin).toMatchObject({ type: 'default_admin', name: 'Support' });
      await transport.close();
    });
  });
});

describe('Perch against the platform-like sandbox', () => {
  let sbx: RunningSandbox;
  let transport: RecordingTransport;
  let workspace: Workspace;
  let close: () => Promise<void>;
  let notifications: VisitorNotification[] = [];

  beforeEach(async () => {
    sbx = await sandbox({ conversationsPerApp: 40, seed: 23 });
    transport = new RecordingTransport();
    let shown: VisitorNotification[];
    ({ workspace, close, notifications: shown } = await workspaceOn(sbx, { transport }));
    notifications = shown;
  });

  afterEach(async () => {
    await close();
    await transport.close();
    await sbx.close();
  });

  it('sends IDs above 2^53 on the wire and shows whole seconds in objects, finer in cursors', async () => {
    const page = await raw(sbx, '/v2/apps/101/conversations?include_not_assigned=true&paginate_count=5');
    const first = page.data[0] as { id: unknown; last_update: number };
    expect(typeof first.id).toBe('string'); // read losslessly: it was a JSON number too large for a double
    expect(isLarge(first.id as string)).toBe(true);
    expect(Number.isInteger(first.last_update)).toBe(true);
    const [at, id] = page.meta.next_before_position as [number, string];
    expect(isLarge(id)).toBe(true);
    expect(Number.isInteger(at)).toBe(false);
    const asStrings = await raw(sbx, '/v2/apps/101/conversations?include_not_assigned=true&id_as_string=true');
    expect(typeof asStrings.data[0].id).toBe('string');
  });

  it('shows every conversation, each row named by a 64-bit ID', () => {
    const rows = workspace.inbox.snapshot().rows;
    const listed = [...sbx.store.conversations.values()].filter(
      (c) => c.appId === '101' && c.userReplies > 0 && !c.assistantType,
    );
    expect(rows).toHaveLength(listed.length);
    expect(rows.every((row) => isLarge(row.id))).toBe(true);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(listed.map((c) => c.id)));
  });

  it('lands a reply, an assign, a tag twice, an unassign and a close on the conversations they name', async () => {
    const [a, b] = [...sbx.store.conversations.values()]
      .filter((c) => c.appId === '101' && !c.closed && c.userReplies > 0 && !c.assistantType)
      .sort((x, y) => compareIds(x.id, y.id));
    const me = sbx.info.apps[0]!.adminId;
    const assignedBefore = a!.parts.filter((p) => p.type === 'assigned').length;
    const wasMine = a!.assigneeId === me;
    const queued = [
      await workspace.outbox.enqueue({ kind: 'reply', conversationId: a!.id, body: 'Hello from Perch', note: false }),
      await workspace.outbox.enqueue({ kind: 'assign', conversationId: a!.id, adminId: me }),
      await workspace.outbox.enqueue({ kind: 'assign', conversationId: a!.id, adminId: me }),
      await workspace.outbox.enqueue({ kind: 'tag', conversationId: a!.id, tag: 'vip', op: 'add' }),
      await workspace.outbox.enqueue({ kind: 'tag', conversationId: a!.id, tag: 'vip', op: 'add' }),
      await workspace.outbox.enqueue({ kind: 'tag', conversationId: b!.id, tag: 'none-here', op: 'delete' }),
      await workspace.outbox.enqueue({ kind: 'assign', conversationId: b!.id, adminId: me }),
      await workspace.outbox.enqueue({ kind: 'assign', conversationId: b!.id, adminId: null }),
      await workspace.outbox.enqueue({ kind: 'close', conversationId: b!.id }),
    ];
    await until(
      () => workspace.outbox.list().length === 0 || workspace.outbox.list().some((i) => i.state === 'failed'),
      {
        what: 'the outbox to drain',
      },
    );
    expect(workspace.outbox.list().filter((i) => i.state === 'failed')).toEqual([]);
    expect(queued).toHaveLength(9);
    expect(a!.parts.at(-1)?.type).toBe('tag_added');
    expect(a!.parts.filter((p) => p.type === 'reply_admin' && p.body === 'Hello from Perch')).toHaveLength(1);
    expect(a!.assigneeId).toBe(me);
    // The second assign changed nothing: one assignment part more, not two.
    expect(a!.parts.filter((p) => p.type === 'assigned')).toHaveLength(assignedBefore + (wasMine ? 0 : 1));
    expect(a!.tags).toEqual(expect.arrayContaining(['vip']));
    expect(b!.assigneeId).toBeNull();
    expect(b!.closed).toBe(true);
  });

  it('polls idle with one request answered by an empty page, though conversations share a second', async () => {
    // Ties: several conversations changed within one second (unassigned ones: the agent is notified of them).
    const open = [...sbx.store.conversations.values()].filter(
      (c) => c.appId === '101' && c.userReplies > 0 && !c.closed && c.assigneeId === null && !c.assistantType,
    );
    for (const c of open.slice(0, 5)) sbx.simulator.writeInto(c, 'Same second');
    const seconds = new Set(open.slice(0, 5).map((c) => Math.floor(c.lastUpdate)));
    expect(seconds.size).toBeLessThan(5);
    await until(() => notifications.filter((n) => n.body === 'Same second').length === 5, {
      what: 'five notifications',
    });
    // Once caught up, a poll is one request, and its page is empty.
    const polls = () => transport.exchanges.filter((e) => e.url.includes('paginate_direction=after'));
    const before = polls().length;
    await until(() => polls().length >= before + 3, { what: 'three more polls' });
    const idle = polls().slice(before + 1, before + 3);
    for (const poll of idle) expect((parseJsonLosslessly(poll.body) as { data: unknown[] }).data).toEqual([]);
    // One request each: nothing else was asked between two idle polls but the poll itself.
    const between = transport.exchanges.slice(
      transport.exchanges.indexOf(idle[0]!) + 1,
      transport.exchanges.indexOf(idle[1]!),
    );
    expect(between.filter((e) => e.url.includes('/conversations?'))).toEqual([]);
    expect(notifications.filter((n) => n.body === 'Same second')).toHaveLength(5);
  });

  it('drops a conversation removed on the server, whether a re-read or the agent finds it gone', async () => {
    const [swept, opened] = workspace.inbox.snapshot().rows.filter((r) => !r.closed);
    sbx.store.removeConversation(swept!.id);
    sbx.store.removeConversation(opened!.id);
    // A re-read (the sweep's, or one asked for) finds it gone: 400 LookupError.
    await expect(workspace.inbox.refresh(swept!.id)).rejects.toMatchObject({ kind: 'not-found' });
    expect(workspace.inbox.row(swept!.id)).toBeUndefined();
    // Opening the other is "not found", and its row goes too.
    const open = await dispatchToOne(workspace.handlers, 'conversation:open', [opened!.id], 'account-00000000000000b2');
    expect(open).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(workspace.inbox.row(opened!.id)).toBeUndefined();
    expect(workspace.inbox.snapshot().rows.some((r) => r.id === swept!.id || r.id === opened!.id)).toBe(false);
  });

  it('finds a lead by the documented filters and writes to them, each named by a 64-bit ID', async () => {
    const lead = [...sbx.store.users.values()].find(
      (u) => u.appId === '101' && typeof u.props.$email === 'string' && typeof u.props.$name === 'string',
    )!;
    const call = (channel: string, args: unknown[]) =>
      dispatchToOne(workspace.handlers, channel, args, 'account-00000000000000b2');
    const found = await call('leads:page', [{ offset: 0, limit: 50, search: String(lead.props.$email) }]);
    expect(found).toMatchObject({ ok: true });
    const rows = (found as { value: { rows: { id: string }[] } }).value.rows;
    expect(rows.map((r) => r.id)).toContain(lead.id);
    expect(isLarge(lead.id)).toBe(true);
    const sent = await call('visitor:message', [lead.id, 'A message from Perch']);
    expect(sent).toMatchObject({ ok: true });
    const conversationId = (sent as { value: string }).value;
    expect(isLarge(conversationId)).toBe(true);
    const started = sbx.store.conversations.get(conversationId)!;
    expect(started.userId).toBe(lead.id);
    expect(started.parts[0]).toMatchObject({ body: 'A message from Perch', type: 'reply_admin' });
  });
});
