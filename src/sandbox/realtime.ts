import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Id } from '../shared/api/types';
import type { RealtimeEvent } from '../shared/realtime';
import { tokenOf } from './http/dispatch';
import { headerToken } from './http/lockdown';
import { Params } from './http/params';
import type { Presenter } from './present';
import type { SandboxStore } from './store';

const REPLAY_EVENTS = 1000;
const HEARTBEAT_MS = 15_000;

interface Client {
  appId: Id;
  res: ServerResponse;
}

/**
 * The sandbox's realtime channel (see docs/realtime.md): one Server-Sent Events stream per
 * application at GET /realtime, authenticated like the API. Each event has an increasing ID;
 * a client reconnecting with Last-Event-ID gets what it missed from a replay buffer.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly recent = new Map<Id, { id: number; text: string }[]>();
  private nextId = 1;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly store: SandboxStore,
    private readonly present: Presenter,
    private readonly options: { headerTokenOnly?: boolean } = {},
  ) {
    store.subscribe({
      part: (conversation, part) =>
        this.publish(conversation.appId, {
          type: 'part',
          conversation: present.conversation(conversation, { withUser: true, withChannel: true }),
          part: present.part(part),
        }),
      conversation: (conversation) =>
        this.publish(conversation.appId, {
          type: 'conversation',
          conversation: present.conversation(conversation, { withUser: true, withChannel: true }),
        }),
      typing: (e) =>
        this.publish(e.conversation.appId, {
          type: 'typing',
          conversation_id: e.conversation.id,
          from: e.from,
          admin_id: e.adminId,
          body: e.body,
        }),
    });
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) client.res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Answers GET /realtime: 401 without a valid token, 403 without conversations-read. */
  open(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const secret = this.options.headerTokenOnly ? headerToken(req) : tokenOf(req, Params.from(url.searchParams));
    const token = this.store.tokens.get(secret ?? '');
    const fail = (status: number, error: string, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: {}, meta: { status, error, error_message: message } }));
    };
    if (req.method !== 'GET') return fail(405, 'MethodNotAllowed', 'Use GET');
    if (!token) return fail(401, 'NotAuthenticated', 'The token is not valid');
    if (!token.scopes.has('conversations-read'))
      return fail(403, 'PermissionDeniedError', 'This token lacks the conversations-read scope');

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write('retry: 2000\n\n');
    const lastId = Number(req.headers['last-event-id'] ?? url.searchParams.get('last_event_id') ?? NaN);
    if (Number.isFinite(lastId))
      for (const event of this.recent.get(token.appId) ?? []) if (event.id > lastId) res.write(event.text);
    const client: Client = { appId: token.appId, res };
    this.clients.add(client);
    req.on('close', () => this.clients.delete(client));
  }

  /** Ends every open stream; clients may reconnect (tests use it to play a dropped network). */
  disconnectAll(): void {
    for (const client of this.clients) client.res.end();
    this.clients.clear();
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.disconnectAll();
  }

  get connections(): number {
    return this.clients.size;
  }

  private publish(appId: Id, event: RealtimeEvent): void {
    const id = this.nextId++;
    const text = `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    const buffer = this.recent.get(appId) ?? [];
    buffer.push({ id, text });
    if (buffer.length > REPLAY_EVENTS) buffer.shift();
    this.recent.set(appId, buffer);
    for (const client of this.clients) if (client.appId === appId) client.res.write(text);
  }
}
