import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Id } from '../shared/api/types';
import { tokenOf } from './http/dispatch';
import { writeResponse } from './http/id-as-string';
import { headerToken } from './http/lockdown';
import { Params } from './http/params';
import type { Presenter } from './present';
import { Random } from './random';
import {
  messageForPresence,
  messageForUser,
  messagesForChange,
  messagesForPart,
  messagesForTyping,
  type ChannelMessage,
} from './realtime-messages';
import type { SandboxStore } from './store';

/** Messages kept per application for clients that resume with `tag` and `time`: the sandbox's choice, no page gives a number. */
const KEPT_MESSAGES = 1000;
/** Channels one connection may name (/rts). */
const MAX_CHANNELS = 50;
const CHANNEL_NAME = /^[a-z_]+(\.\d+){0,2}$/;

/** Faults of the realtime service, for tests: what the platform's network can do to it. */
export interface RealtimeFaults {
  /** Chance a message is not delivered live (a reconnect with `tag`/`time` still replays it). */
  dropRate: number;
  /** Chance a message is delivered twice. */
  duplicateRate: number;
  /** Chance a message is held back and delivered after the next one. */
  reorderRate: number;
  /** Added before each delivery. */
  delayMs: number;
  /** Every this many ms, every connection is cut (0: never). */
  cutEveryMs: number;
}
export const NO_REALTIME_FAULTS: RealtimeFaults = {
  dropRate: 0,
  duplicateRate: 0,
  reorderRate: 0,
  delayMs: 0,
  cutEveryMs: 0,
};

/** Checks realtime fault settings from the CLI or a test. */
export function parseRealtimeFaults(input: unknown): Partial<RealtimeFaults> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new Error('realtime faults must be a JSON object');
  const out: Partial<RealtimeFaults> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!(key in NO_REALTIME_FAULTS)) throw new Error(`unknown realtime fault setting ${key}`);
    const isRate = key.endsWith('Rate');
    if (typeof value !== 'number' || value < 0 || (isRate ? value > 1 : value > 3_600_000))
      throw new Error(`${key} must be ${isRate ? 'a number from 0 to 1' : 'a number of ms'}`);
    out[key as keyof RealtimeFaults] = value;
  }
  return out;
}

interface Envelope {
  id: number;
  channel: string;
  message: unknown;
  tag: string;
  time: string;
  /** Where the message sits in time: whole seconds, then its tag within that second. */
  seconds: number;
}

interface Subscriber {
  appId: Id;
  channels: Set<string>;
  socket: WebSocket;
  held: Envelope | null;
}

export interface RealtimeOptions {
  /** The embedded demo: no requests from web pages, the token only in the header. */
  lockedDown?: boolean;
  /** How often the `ping` channel speaks (10 s on the platform). */
  pingMs?: number;
  /** How long a long poll waits for a message (25 s on the platform). */
  longPollMs?: number;
  now?: () => number;
  seed?: number;
}

/**
 * The Realtime Services of the platform (/rts), as the sandbox plays them: the Nginx Push
 * Stream protocol its apps use. `GET /websocket/<channel>/<channel>…` upgrades to a WebSocket
 * and `GET /longpoll/<channel>/…` answers once a message is there; both authenticate like the
 * Web API and resume after `tag` and `time`. Envelopes are `{id, channel, message, tag, time}`
 * with IDs as 64-bit numbers. Close codes: 3401 for a token refused, 3403 when no channel is
 * the token's (docs/realtime.md).
 */
export class RealtimeServices {
  faults: RealtimeFaults = NO_REALTIME_FAULTS;
  /**
   * Play a server that reads the token only from `?auth_token=`, as the older /rts page shows,
   * and refuses one in the Authorization header with 3401 (not for the embedded demo).
   */
  tokenOnlyInQuery = false;
  private readonly subscribers = new Set<Subscriber>();
  private readonly waiting = new Set<{ appId: Id; channels: Set<string>; answer: (e: Envelope[]) => void }>();
  private readonly kept = new Map<Id, Envelope[]>();
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly rnd: Random;
  private readonly unsubscribe: () => void;
  private nextId = 1;
  private last = { seconds: 0, tag: 0 };
  private cutTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: SandboxStore,
    present: Presenter,
    private readonly options: RealtimeOptions = {},
  ) {
    this.rnd = new Random((options.seed ?? 1) ^ 0x2e17);
    this.unsubscribe = store.subscribe({
      part: (conversation, part) => this.publishAll(messagesForPart(present, conversation, part)),
      conversation: (conversation, change) => this.publishAll(messagesForChange(present, conversation, change)),
      typing: (event) => this.publishAll(messagesForTyping(present, event)),
      presence: (appId, userId, presence) => this.publish(messageForPresence(appId, userId, presence)),
      user: (appId, userId, change) => this.publish(messageForUser(appId, userId, change)),
    });
    const ping = setInterval(() => this.ping(), options.pingMs ?? 10_000);
    ping.unref();
    this.timers.push(ping);
  }

  /** Sets the faults; a new `cutEveryMs` restarts the cutting. */
  setFaults(faults: Partial<RealtimeFaults>): void {
    this.faults = { ...this.faults, ...faults };
    if (this.cutTimer) clearInterval(this.cutTimer);
    this.cutTimer = null;
    if (this.faults.cutEveryMs > 0) {
      this.cutTimer = setInterval(() => this.disconnectAll(), this.faults.cutEveryMs);
      this.cutTimer.unref();
    }
  }

  /** Whether this request is the realtime service's: `/websocket/…`, `/longpoll/…`. */
  static owns(url: string | undefined): boolean {
    return /^\/(websocket|longpoll)(\/|\?|$)/.test(url ?? '');
  }

  /** Answers an HTTP upgrade to `/websocket/<channels>`. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => {});
    const asked = this.ask(req, 'websocket');
    if ('status' in asked) {
      socket.end(`HTTP/1.1 ${asked.status} ${asked.reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    this.sockets.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => {});
      // The handshake succeeds; a refusal comes as the first message and a close code (/rts).
      if ('close' in asked) {
        ws.send(JSON.stringify({ error: asked.close, message: asked.reason }));
        ws.close(asked.close, asked.reason);
        return;
      }
      const subscriber: Subscriber = { appId: asked.appId, channels: asked.channels, socket: ws, held: null };
      for (const envelope of this.since(asked.appId, asked.channels, asked.after)) this.send(subscriber, envelope);
      this.subscribers.add(subscriber);
      ws.on('close', () => this.subscribers.delete(subscriber));
      ws.on('message', () => {}); // Clients have nothing to say here.
    });
  }

  /** Answers `GET /longpoll/<channels>`: the messages after `tag`/`time`, waiting for one if none. */
  longPoll(req: IncomingMessage, res: ServerResponse): void {
    const asked = this.ask(req, 'longpoll');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body === null ? undefined : writeResponse(body, false));
    };
    if ('status' in asked) return answer(asked.status, { error: asked.status, message: asked.reason });
    if ('close' in asked) return answer(asked.close - 3000, { error: asked.close, message: asked.reason });
    const ready = this.since(asked.appId, asked.channels, asked.after);
    if (ready.length > 0) return answer(200, ready.map(outward));
    const waiter = {
      appId: asked.appId,
      channels: asked.channels,
      answer: (envelopes: Envelope[]) => {
        clearTimeout(timeout);
        this.waiting.delete(waiter);
        if (envelopes.length > 0) answer(200, envelopes.map(outward));
        else answer(304, null);
      },
    };
    const timeout = setTimeout(() => waiter.answer([]), this.options.longPollMs ?? 25_000);
    this.waiting.add(waiter);
    req.on('close', () => {
      clearTimeout(timeout);
      this.waiting.delete(waiter);
    });
  }

  /** Cuts every connection as a network would (tests play a dropped network with it). */
  disconnectAll(): void {
    for (const subscriber of this.subscribers) subscriber.socket.terminate();
    this.subscribers.clear();
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    if (this.cutTimer) clearInterval(this.cutTimer);
    this.unsubscribe();
    this.disconnectAll();
    for (const waiter of [...this.waiting]) waiter.answer([]);
    this.sockets.close();
  }

  /** Open WebSockets and long polls waiting for a message. */
  get connections(): number {
    return this.subscribers.size + this.waiting.size;
  }

  /** Who is asking, for which channels, from where: or why not. */
  private ask(
    req: IncomingMessage,
    method: 'websocket' | 'longpoll',
  ):
    | { status: number; reason: string }
    | { close: number; reason: string }
    | { appId: Id; channels: Set<string>; after: { seconds: number; tag: number } | null } {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (req.method !== 'GET') return { status: 405, reason: 'Method Not Allowed' };
    if (this.options.lockedDown && req.headers.origin !== undefined) return { status: 403, reason: 'Forbidden' };
    const names = url.pathname
      .split('/')
      .slice(2)
      .filter((n) => n.length > 0);
    if (names.length === 0 || names.length > MAX_CHANNELS) return { status: 400, reason: 'Bad Request' };
    const secret = this.options.lockedDown
      ? headerToken(req)
      : this.tokenOnlyInQuery
        ? (url.searchParams.get('auth_token') ?? undefined)
        : tokenOf(req, Params.from(url.searchParams));
    const token = this.store.tokens.get(secret ?? '');
    if (!token) return { close: 3401, reason: 'The access token is not valid' };
    // Channels of another application, or unknown names, are not the token's to read.
    const own = names.filter((n) => CHANNEL_NAME.test(n) && (n === 'ping' || n.split('.')[1] === token.appId));
    if (own.length === 0 || !token.scopes.has('conversations-read'))
      return { close: 3403, reason: 'The token grants none of the requested channels' };
    void method;
    return { appId: token.appId, channels: new Set(own), after: resumePoint(url.searchParams) };
  }

  private since(appId: Id, channels: Set<string>, after: { seconds: number; tag: number } | null): Envelope[] {
    if (!after) return [];
    return (this.kept.get(appId) ?? []).filter(
      (e) =>
        channels.has(e.channel) &&
        (e.seconds > after.seconds || (e.seconds === after.seconds && Number(e.tag) > after.tag)),
    );
  }

  private ping(): void {
    const envelope = this.envelope({ appId: '', channel: 'ping', message: { timestamp: Date.now() / 1000 } });
    for (const subscriber of this.subscribers) if (subscriber.channels.has('ping')) this.send(subscriber, envelope);
  }

  private publishAll(messages: ChannelMessage[]): void {
    for (const message of messages) this.publish(message);
  }

  private publish(message: ChannelMessage): void {
    const envelope = this.envelope(message);
    const kept = this.kept.get(message.appId) ?? [];
    kept.push(envelope);
    if (kept.length > KEPT_MESSAGES) kept.shift();
    this.kept.set(message.appId, kept);
    for (const subscriber of this.subscribers)
      if (subscriber.appId === message.appId && subscriber.channels.has(message.channel))
        this.deliver(subscriber, envelope);
    for (const waiter of [...this.waiting])
      if (waiter.appId === message.appId && waiter.channels.has(message.channel)) waiter.answer([envelope]);
  }

  /** Delivery with the faults applied: dropped, doubled, held back behind the next, delayed. */
  private deliver(subscriber: Subscriber, envelope: Envelope): void {
    const f = this.faults;
    if (f.dropRate > 0 && this.rnd.chance(f.dropRate)) return;
    if (f.reorderRate > 0 && !subscriber.held && this.rnd.chance(f.reorderRate)) {
      subscriber.held = envelope;
      return;
    }
    const batch = [envelope, ...(subscriber.held ? [subscriber.held] : [])];
    subscriber.held = null;
    if (f.duplicateRate > 0 && this.rnd.chance(f.duplicateRate)) batch.push(envelope);
    const send = () => {
      for (const e of batch) this.send(subscriber, e);
    };
    if (f.delayMs > 0) setTimeout(send, f.delayMs).unref();
    else send();
  }

  private send(subscriber: Subscriber, envelope: Envelope): void {
    if (subscriber.socket.readyState === subscriber.socket.OPEN)
      subscriber.socket.send(writeResponse(outward(envelope), false));
  }

  /**
   * Numbers a message; its `tag` counts messages within the same second of `time` (Push Stream's
   * Etag). A `ping` takes its place in the count too: a client resuming from it gets what came after.
   */
  private envelope(message: ChannelMessage): Envelope {
    const ms = (this.options.now ?? Date.now)();
    const seconds = Math.floor(ms / 1000);
    const tag = seconds === this.last.seconds ? this.last.tag + 1 : 0;
    this.last = { seconds, tag };
    return {
      id: this.nextId++,
      channel: message.channel,
      message: message.message,
      tag: String(tag),
      time: new Date(seconds * 1000).toUTCString(),
      seconds,
    };
  }
}

/** The envelope as sent: the documented fields only. */
const outward = ({ id, channel, message, tag, time }: Envelope) => ({ id, channel, message, tag, time });

/**
 * Where a client resumes: after the message of this `time` (an HTTP date) and `tag`; with a
 * time and no tag (or one that is not a count), from the first message of that second.
 */
function resumePoint(query: URLSearchParams): { seconds: number; tag: number } | null {
  const time = query.get('time');
  if (!time) return null;
  const ms = Date.parse(time);
  if (!Number.isFinite(ms)) return null;
  const tag = Number(query.get('tag') ?? '-1');
  return { seconds: Math.floor(ms / 1000), tag: Number.isInteger(tag) && tag >= 0 ? tag : -1 };
}
