import { Emitter } from '../../../shared/emitter';
import { parseJsonLosslessly } from '../../../shared/api/ids';
import type { Id } from '../../../shared/api/types';
import type { RealtimeEvent, RealtimeStatus } from '../../../shared/realtime';
import { backoffDelay } from '../runtime/clock';
import type { Clock, HttpTransport, OpenRealtimeSocket, RealtimeSocket, ScopedLog } from '../ports';
import { createUndiciTransport } from '../api/transport';
import type { SkipSink } from '../log/diagnostics';
import { errorFields } from '../log/logger';
import { decodeEnvelope, inboxChannels, type ResumePoint } from './realtime-protocol';
import { openWsSocket } from './realtime-socket';

export type { RealtimeStatus };

export interface RealtimeOptions {
  /** The Realtime Services' base: `wss://realtime-services.…`, or ws:// on this computer (realtimeUrlFor). */
  url: string;
  appId: Id;
  token: string;
  clock: Clock;
  openSocket?: OpenRealtimeSocket;
  /** Silence after which the connection counts as lost: the platform pings every 10 s (60 s, as its apps). */
  silenceMs?: number;
  /** WebSocket failures in a row after which messages come by long polling. */
  longPollAfterFailures?: number;
  /** How long long polling lasts before WebSocket is tried again. */
  longPollForMs?: number;
  /**
   * The network long polls go through: the workspace's (Chromium's in Electron, so the fallback
   * follows the system's proxy where that proxy refuses WebSocket). Default: its own undici one.
   */
  transport?: HttpTransport;
  /** Told of a message whose payload failed its check. */
  diagnostics?: SkipSink;
  /** Where status changes, close codes and the long-polling fallback are logged. */
  log?: ScopedLog;
}

/** A long poll is answered within 25 s; past 40 s the line is taken as lost. */
const LONG_POLL_TIMEOUT_MS = 40_000;

/** Close codes after which asking again with the same token is pointless (/rts). */
const SIGNED_OUT = 3401;
const NOT_PERMITTED = 3403;

/**
 * The platform's Realtime Services (/rts): a WebSocket naming the inbox's channels, with the
 * token in the handshake's Authorization header (never in the URL). It resumes after a gap
 * with the last message's `tag` and `time`, counts 60 s without a ping as a lost line, backs
 * off with jitter, and falls back to long polling where WebSocket cannot connect. 3401 marks
 * the account signed out. Polling stays the safety net: nothing here moves the poll cursor.
 */
export class RealtimeClient {
  readonly events = new Emitter<{ event: RealtimeEvent; status: RealtimeStatus }>();
  status: RealtimeStatus = 'disconnected';
  private resume: ResumePoint | null = null;
  private socket: RealtimeSocket | null = null;
  private timer: unknown = null;
  private silence: unknown = null;
  private failures = 0;
  private openFailures = 0;
  private longPollUntil = 0;
  private running = false;
  private abort: AbortController | null = null;
  /** Own long-poll connections, made when first needed: a client switched off and on again makes new ones. */
  private ownTransport: HttpTransport | null = null;
  /** Counts starts and stops: a socket or long poll of an earlier run, ending late, changes nothing. */
  private run = 0;

  constructor(private readonly options: RealtimeOptions) {}

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
    if (status !== this.status) this.options.log?.info('status', { from: this.status, to: status });
    if (status === this.status) return;
    this.status = status;
    this.events.emit('status', status);
  }

  private path(method: 'websocket' | 'longpoll'): string {
    const channels = inboxChannels(this.options.appId).map(encodeURIComponent).join('/');
    const query = this.resume
      ? `?tag=${encodeURIComponent(this.resume.tag)}&time=${encodeURIComponent(this.resume.time)}`
      : '';
    return `/${method}/${channels}${query}`;
  }

  private connect(): void {
    this.timer = null;
    if (!this.running) return;
    if (this.options.clock.now() < this.longPollUntil) return void this.longPoll();
    this.setStatus('connecting');
    const opened = { yes: false };
    const run = this.run;
    const current = () => run === this.run;
    this.socket = (this.options.openSocket ?? openWsSocket)(
      `${this.options.url}${this.path('websocket')}`,
      { authorization: `Token ${this.options.token}` },
      {
        open: () => {
          if (!current()) return;
          opened.yes = true;
          this.failures = 0;
          this.openFailures = 0;
          this.setStatus('connected');
          this.watchSilence();
        },
        message: (text) => {
          if (!current()) return;
          this.watchSilence();
          this.take(text);
        },
        closed: (code) => {
          if (current()) this.ended(code, opened.yes);
        },
      },
    );
  }

  /** A line that has said nothing (not even ping) for a minute is dead, whatever TCP thinks. */
  private watchSilence(): void {
    const clock = this.options.clock;
    if (this.silence !== null) clock.clearTimeout(this.silence);
    this.silence = clock.setTimeout(() => {
      this.silence = null;
      this.socket?.close();
      this.socket = null;
      this.ended(1006, true);
    }, this.options.silenceMs ?? 60_000);
  }

  private ended(code: number, wasOpen: boolean): void {
    this.socket = null;
    if (this.silence !== null) this.options.clock.clearTimeout(this.silence);
    this.silence = null;
    if (!this.running) return;
    this.options.log?.info('connection closed', { code, wasOpen, failures: this.failures });
    if (code === SIGNED_OUT) return this.setStatus('signed-out');
    if (code === NOT_PERMITTED) {
      this.setStatus('unsupported');
      return this.retry(30 * 60_000);
    }
    this.setStatus('disconnected');
    this.failures += 1;
    if (!wasOpen) this.openFailures += 1;
    if (this.openFailures >= (this.options.longPollAfterFailures ?? 3)) {
      this.openFailures = 0;
      this.longPollUntil = this.options.clock.now() + (this.options.longPollForMs ?? 10 * 60_000);
      this.options.log?.warn('WebSocket keeps failing; long polling for a while', {
        forMs: this.options.longPollForMs ?? 10 * 60_000,
      });
    }
    // Full jitter, so that a server coming back is not met by every client at once.
    this.retry(backoffDelay(this.failures, { baseMs: 1000, capMs: 30_000 }));
  }

  private retry(delay: number): void {
    if (!this.running) return;
    this.timer = this.options.clock.setTimeout(() => this.connect(), delay);
  }

  private take(text: string): void {
    let raw: unknown;
    try {
      raw = parseJsonLosslessly(text);
    } catch {
      return; // Not JSON: ignored, like any message Perch does not understand.
    }
    for (const one of Array.isArray(raw) ? raw : [raw]) {
      const decoded = decodeEnvelope(one);
      if (!decoded || decoded.kind === 'ping') continue;
      if (decoded.resume) this.resume = decoded.resume;
      if (decoded.kind === 'event') this.events.emit('event', decoded.event);
      else if (decoded.kind === 'malformed')
        this.options.diagnostics?.skipped('item', null, `${decoded.reason} (realtime ${decoded.channel})`);
    }
  }

  /** Long polling (/rts): one request at a time, answered when a message is there or after 25 s. */
  private async longPoll(): Promise<void> {
    this.setStatus('long-polling');
    const base = this.options.url.replace(/^ws/, 'http');
    const run = this.run;
    while (this.running && run === this.run && this.options.clock.now() < this.longPollUntil) {
      this.abort = new AbortController();
      try {
        const res = await this.transport.send({
          method: 'GET',
          url: `${base}${this.path('longpoll')}`,
          headers: { authorization: `Token ${this.options.token}` },
          signal: this.abort.signal,
          timeoutMs: LONG_POLL_TIMEOUT_MS,
        });
        const text = res.body;
        if (run !== this.run) return;
        if (res.status === 401) return this.setStatus('signed-out');
        if (res.status === 403) {
          this.setStatus('unsupported');
          return this.retry(30 * 60_000);
        }
        if (res.status === 200) {
          this.failures = 0;
          if (text.length <= 4 * 1024 * 1024) this.take(text);
        } else if (res.status !== 304) throw new Error(`HTTP ${res.status}`);
      } catch (error) {
        if (!this.running || run !== this.run) return;
        this.options.log?.warn('long poll failed', errorFields(error));
        this.failures += 1;
        this.setStatus('disconnected');
        return this.retry(backoffDelay(this.failures, { baseMs: 1000, capMs: 30_000 }));
      }
    }
    if (run === this.run) this.retry(0);
  }
}
