import { Emitter } from '../../../shared/emitter';
import { parseJsonLosslessly } from '../../../shared/api/ids';
import type { RealtimeEvent, RealtimeStatus } from '../../../shared/realtime';
import { backoffDelay } from '../runtime/clock';
import type { HttpTransport, RealtimeSocket } from '../ports';
import { createUndiciTransport } from '../api/transport';
import { errorFields } from '../log/logger';
import { isLoopback } from '../network/loopback';
import { decodeEnvelope, inboxChannels, tokenStaysPrivateIn, type ResumePoint } from './realtime-protocol';
import { openWsSocket } from './realtime-socket';
import { LongPollPace } from './realtime-pace';
import type { RealtimeOptions } from './realtime-options';

export type { RealtimeOptions, RealtimeStatus };

/** A long poll is answered within 25 s; past 40 s the line is taken as lost. */
const LONG_POLL_TIMEOUT_MS = 40_000;
/** A connection that lived this long, or brought a real message, has proven itself: the failures are forgotten. */
const PROVEN_AFTER_MS = 30_000;
/** Silent connections in a row after which connecting no longer says "connecting" but degraded. */
const SILENT_CONNECTIONS_DEGRADED = 2;
/**
 * Messages read from one frame or long-poll answer. The rest are counted in Diagnostics and
 * left to the poll (a long poll resumes after the last one read, so it gets them next time).
 */
export const MAX_MESSAGES_PER_FRAME = 200;
/** Closes are logged at most once a minute, with how many there were. */
const CLOSE_LOG_EVERY_MS = 60_000;

/** Close codes after which asking again with the same token is pointless (/rts). */
const SIGNED_OUT = 3401;
const NOT_PERMITTED = 3403;

/** One WebSocket connection: when it opened, whether it said anything, and whether a real message came. */
interface Connection {
  openedAt: number | null;
  heard: boolean;
  proven: boolean;
}

/**
 * The platform's Realtime Services (/rts): a WebSocket naming the inbox's channels, with the
 * token in the handshake's Authorization header (in the URL only for a server that refuses the
 * header while the Web API takes the token, over wss or to this computer). It counts as live only once
 * the server has said something (a ping or a message), resumes after a gap with the last
 * message's `tag` and `time`, counts 60 s without a ping as a lost line, backs off with jitter,
 * and falls back to long polling where WebSocket cannot connect or keeps closing. A server that
 * answers long polls at once is asked again ever more slowly, and past a limit left alone for a
 * while. 3401 marks the account signed out. Polling stays the safety net: nothing here moves
 * the poll cursor.
 */
export class RealtimeClient {
  readonly events = new Emitter<{ event: RealtimeEvent; status: RealtimeStatus; missed: number }>();
  status: RealtimeStatus = 'disconnected';
  private resume: ResumePoint | null = null;
  private socket: RealtimeSocket | null = null;
  private timer: unknown = null;
  private silence: unknown = null;
  private failures = 0;
  /** Handshakes refused and connections closed before they proved themselves, in a row. */
  private openFailures = 0;
  /** Connections that opened and never said a word, in a row. */
  private silentConnections = 0;
  private longPollUntil = 0;
  private readonly pace: LongPollPace;
  private closes = { count: 0, loggedAt: -Infinity };
  private running = false;
  private abort: AbortController | null = null;
  /** Own long-poll connections, made when first needed: a client switched off and on again makes new ones. */
  private ownTransport: HttpTransport | null = null;
  /** Counts starts and stops: a socket or long poll of an earlier run, ending late, changes nothing. */
  private run = 0;
  /**
   * Where the token goes: the Authorization header (the newer /rts page allows the Web API's
   * ways), or `auth_token` in the URL (the older page) once the header was refused while the Web
   * API took the token. The form that worked is kept; the query form is tried once.
   */
  private tokenIn: 'header' | 'query' = 'header';
  private queryTried = false;

  constructor(private readonly options: RealtimeOptions) {
    this.pace = new LongPollPace(options.random, options.quickAnswersPerMinute);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.run += 1;
    this.connect();
  }

  /** Closes the connection and stays off (status `off`) until started again. */
  async stop(): Promise<void> {
    this.running = false;
    this.run += 1;
    this.clear();
    this.abort?.abort();
    this.setStatus('off');
    const own = this.ownTransport;
    this.ownTransport = null;
    await own?.close().catch(() => {});
  }

  private get transport(): HttpTransport {
    if (this.options.transport) return this.options.transport;
    this.ownTransport ??= createUndiciTransport({ timeoutMs: LONG_POLL_TIMEOUT_MS });
    return this.ownTransport;
  }

  private clear(): void {
    const clock = this.options.clock;
    if (this.timer !== null) clock.clearTimeout(this.timer);
    if (this.silence !== null) clock.clearTimeout(this.silence);
    this.timer = this.silence = null;
    this.socket?.close();
    this.socket = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    // Each attempt passes through connecting and disconnected: the close line says those, once a minute.
    if (status !== 'connecting' && status !== 'disconnected')
      this.options.log?.info('status', { from: this.status, to: status });
    this.status = status;
    this.events.emit('status', status);
  }

  /** The path and query; with the query form it holds the token, so it is never logged. */
  private path(method: 'websocket' | 'longpoll'): string {
    const channels = inboxChannels(this.options.appId).map(encodeURIComponent).join('/');
    // Spaces of the HTTP date as %20, never `+`, as encodeURIComponent writes them.
    const query: string[] = [];
    if (this.tokenIn === 'query') query.push(`auth_token=${encodeURIComponent(this.options.token)}`);
    if (this.resume)
      query.push(`tag=${encodeURIComponent(this.resume.tag)}`, `time=${encodeURIComponent(this.resume.time)}`);
    const search = query.join('&');
    return `/${method}/${channels}${search ? `?${search}` : ''}`;
  }

  private get tokenHeaders(): Record<string, string> {
    return this.tokenIn === 'header' ? { authorization: `Token ${this.options.token}` } : {};
  }

  /**
   * The token was refused (3401, or 401 to a long poll). With the header, and where a token in
   * the URL stays private (wss, or this computer), the Web API is asked once whether it takes
   * the token: if so, the server is asked again with `auth_token`; otherwise, signed out.
   */
  private refused(): void {
    const check = this.options.webApiAcceptsToken;
    if (this.tokenIn === 'query') this.tokenIn = 'header';
    if (this.queryTried || !check || !tokenStaysPrivateIn(this.options.url, isLoopback))
      return this.setStatus('signed-out');
    this.queryTried = true;
    const run = this.run;
    void check()
      .catch(() => false)
      .then((accepted) => {
        if (!this.running || run !== this.run) return;
        if (!accepted) return this.setStatus('signed-out');
        this.options.log?.info('token refused in the header while the Web API takes it; trying it in the URL');
        this.tokenIn = 'query';
        this.connect();
      });
  }

  private connect(): void {
    this.timer = null;
    if (!this.running) return;
    if (this.options.clock.now() < this.longPollUntil) return void this.longPoll();
    this.setStatus(this.silentConnections >= SILENT_CONNECTIONS_DEGRADED ? 'degraded' : 'connecting');
    const connection: Connection = { openedAt: null, heard: false, proven: false };
    const run = this.run;
    const current = () => run === this.run;
    this.socket = (this.options.openSocket ?? openWsSocket)(
      `${this.options.url}${this.path('websocket')}`,
      this.tokenHeaders,
      {
        open: () => {
          if (!current()) return;
          connection.openedAt = this.options.clock.now();
          // Not live yet: an open socket that never speaks would hold polling at its slow cadence.
          this.watchSilence(connection, this.options.firstWordMs ?? 15_000);
        },
        message: (text) => {
          if (!current()) return;
          const taken = this.take(text);
          if (!taken || taken.heard === 0) return;
          if (taken.messages > 0 && !connection.proven) {
            connection.proven = true;
            this.provenConnection();
          }
          if (!connection.heard) {
            connection.heard = true;
            this.silentConnections = 0;
            this.setStatus('connected');
          }
          this.watchSilence(connection, this.options.silenceMs ?? 60_000);
        },
        closed: (code) => {
          if (current()) this.ended(code, connection);
        },
      },
    );
  }

  /** A line that has said nothing (not even ping) for `ms` is dead, whatever TCP thinks. */
  private watchSilence(connection: Connection, ms: number): void {
    const clock = this.options.clock;
    if (this.silence !== null) clock.clearTimeout(this.silence);
    this.silence = clock.setTimeout(() => {
      this.silence = null;
      this.socket?.close();
      this.socket = null;
      this.ended(1006, connection);
    }, ms);
  }

  /** The line works: earlier failures no longer count towards backoff or long polling. */
  private provenConnection(): void {
    this.failures = 0;
    this.openFailures = 0;
    this.silentConnections = 0;
  }

  private ended(code: number, connection: Connection): void {
    this.socket = null;
    if (this.silence !== null) this.options.clock.clearTimeout(this.silence);
    this.silence = null;
    if (!this.running) return;
    const now = this.options.clock.now();
    const opened = connection.openedAt !== null;
    const lived = opened ? now - connection.openedAt! : 0;
    this.logClose({ code, opened, heard: connection.heard, livedMs: lived, failures: this.failures });
    if (code === SIGNED_OUT) return this.refused();
    if (code === NOT_PERMITTED) {
      this.setStatus('unsupported');
      return this.retry(30 * 60_000);
    }
    if (connection.proven || lived >= PROVEN_AFTER_MS) this.provenConnection();
    else {
      // Refused, or closed soon after opening: either way WebSocket does not work from here.
      this.openFailures += 1;
      if (opened && !connection.heard) this.silentConnections += 1;
    }
    this.failures += 1;
    this.setStatus(this.silentConnections >= SILENT_CONNECTIONS_DEGRADED ? 'degraded' : 'disconnected');
    if (this.openFailures >= (this.options.longPollAfterFailures ?? 3)) {
      this.openFailures = 0;
      this.longPollUntil = now + (this.options.longPollForMs ?? 10 * 60_000);
      this.pace.reset();
      this.options.log?.warn('WebSocket keeps failing; long polling for a while', {
        forMs: this.options.longPollForMs ?? 10 * 60_000,
      });
    }
    // Full jitter, so that a server coming back is not met by every client at once.
    this.retry(backoffDelay(this.failures, { baseMs: 1000, capMs: 30_000, random: this.options.random }));
  }

  /** A connection that keeps closing would write a line a second: one a minute, with the count. */
  private logClose(fields: Record<string, string | number | boolean>): void {
    const now = this.options.clock.now();
    this.closes.count += 1;
    if (now - this.closes.loggedAt < CLOSE_LOG_EVERY_MS) return;
    this.options.log?.info('connection closed', { ...fields, closesSinceLastLine: this.closes.count });
    this.closes = { count: 0, loggedAt: now };
  }

  private retry(delay: number): void {
    if (!this.running) return;
    this.timer = this.options.clock.setTimeout(() => this.connect(), delay);
  }

  /**
   * Reads one frame or long-poll answer: null when it is not JSON; else how many envelopes it
   * held (`heard`, pings included) and how many were messages Perch acts on.
   */
  private take(text: string): { heard: number; messages: number } | null {
    let raw: unknown;
    try {
      raw = parseJsonLosslessly(text);
    } catch {
      return null;
    }
    const all = Array.isArray(raw) ? raw : [raw];
    if (all.length > MAX_MESSAGES_PER_FRAME) {
      const left = all.length - MAX_MESSAGES_PER_FRAME;
      this.options.diagnostics?.skipped(
        'event',
        null,
        `${left} realtime messages past the first ${MAX_MESSAGES_PER_FRAME} of one frame`,
      );
      this.events.emit('missed', left);
    }
    let heard = 0;
    let messages = 0;
    for (const one of all.slice(0, MAX_MESSAGES_PER_FRAME)) {
      const decoded = decodeEnvelope(one);
      if (!decoded) continue;
      heard += 1;
      if (decoded.kind === 'ping') continue;
      if (decoded.resume) this.resume = decoded.resume;
      if (decoded.kind === 'event') {
        messages += 1;
        this.events.emit('event', decoded.event);
      } else if (decoded.kind === 'malformed')
        this.options.diagnostics?.skipped('item', null, `${decoded.reason} (realtime ${decoded.channel})`);
    }
    return { heard, messages };
  }

  /**
   * One long poll (/rts), answered when a message is there or after 25 s; the next is asked
   * when the pace allows. An answer that is not JSON (a portal's page) is a failure.
   */
  private async longPoll(): Promise<void> {
    if (this.pace.live) this.setStatus('long-polling');
    const base = this.options.url.replace(/^ws/, 'http');
    const run = this.run;
    const clock = this.options.clock;
    this.abort = new AbortController();
    try {
      const askedAt = clock.now();
      const res = await this.transport.send({
        method: 'GET',
        url: `${base}${this.path('longpoll')}`,
        headers: this.tokenHeaders,
        signal: this.abort.signal,
        timeoutMs: LONG_POLL_TIMEOUT_MS,
      });
      if (!this.running || run !== this.run) return;
      if (res.status === 401) return this.refused();
      if (res.status === 403) {
        this.setStatus('unsupported');
        return this.retry(30 * 60_000);
      }
      let messages = 0;
      if (res.status === 200) {
        if (res.body.length > 4 * 1024 * 1024) throw new Error('long poll answer over 4 MB');
        const taken = this.take(res.body);
        if (!taken) throw new Error('long poll answer is not JSON');
        messages = taken.messages;
      } else if (res.status !== 304) throw new Error(`HTTP ${res.status}`);
      const step = this.pace.answered(askedAt, clock.now(), messages);
      if (step.kind === 'pause') {
        this.options.log?.warn('long polls answered at once; realtime paused', {
          quickInMinute: step.quickInMinute,
          forMs: this.options.longPollForMs ?? 10 * 60_000,
        });
        this.longPollUntil = 0;
        this.setStatus('degraded');
        return this.retry(this.options.longPollForMs ?? 10 * 60_000);
      }
      if (step.good) this.failures = 0;
      this.setStatus(step.live ? 'long-polling' : 'degraded');
      this.retry(step.waitMs);
    } catch (error) {
      if (!this.running || run !== this.run) return;
      this.options.log?.warn('long poll failed', errorFields(error));
      this.failures += 1;
      const degraded = !this.pace.live;
      this.pace.failed();
      this.setStatus(degraded ? 'degraded' : 'disconnected');
      this.retry(backoffDelay(this.failures, { baseMs: 1000, capMs: 30_000, random: this.options.random }));
    }
  }
}
