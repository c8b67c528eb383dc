import { Agent, request, type Dispatcher } from 'undici';
import { z } from 'zod';
import { Emitter } from '../../../shared/emitter';
import type { RealtimeEvent } from '../../../shared/realtime';
import { parseJsonLosslessly } from '../../../shared/api/ids';
import { conversationSchema, idSchema, partSchema } from '../../../shared/api/schemas';
import { backoffDelay, type Clock } from '../clock';
import type { SkipSink } from '../diagnostics';

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected' | 'unsupported' | 'signed-out';

const eventSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('part'), conversation: conversationSchema, part: partSchema }),
  z.looseObject({ type: z.literal('conversation'), conversation: conversationSchema }),
  z.looseObject({
    type: z.literal('typing'),
    conversation_id: idSchema,
    from: z.enum(['user', 'admin']),
    admin_id: idSchema.nullable(),
    body: z.string(),
  }),
]);

export interface RealtimeOptions {
  baseUrl: string;
  token: string;
  clock: Clock;
  /** How long to wait before asking again a server that has no stream. */
  unsupportedRetryMs?: number;
  dispatcher?: Dispatcher;
  /** Told of a known event whose conversation or part failed its check. */
  diagnostics?: SkipSink;
}

const KNOWN_TYPES = new Set(['part', 'conversation', 'typing']);

/**
 * Reads the server's realtime stream (Server-Sent Events at /realtime) when it offers one.
 * Reconnects with backoff and Last-Event-ID; malformed events are dropped, never trusted.
 */
export class RealtimeClient {
  readonly events = new Emitter<{ event: RealtimeEvent; status: RealtimeStatus }>();
  status: RealtimeStatus = 'disconnected';
  private lastEventId: string | null = null;
  private abort: AbortController | null = null;
  private timer: unknown = null;
  private failures = 0;
  private running = false;
  private readonly dispatcher: Dispatcher;

  constructor(private readonly options: RealtimeOptions) {
    // No body timeout shorter than three heartbeats: a silent stream is a dead one.
    this.dispatcher = options.dispatcher ?? new Agent({ bodyTimeout: 45_000, headersTimeout: 15_000 });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connectLogged();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.abort?.abort();
    if (!this.options.dispatcher) await this.dispatcher.close().catch(() => {});
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.events.emit('status', status);
  }

  private retry(delay: number): void {
    if (!this.running) return;
    this.timer = this.options.clock.setTimeout(() => this.connectLogged(), delay);
  }

  /** A listener that throws must not become an unhandled rejection; polling carries on regardless. */
  private connectLogged(): void {
    this.connect().catch((error: unknown) => console.error('perch: realtime stream failed', error));
  }

  private async connect(): Promise<void> {
    this.timer = null;
    this.setStatus('connecting');
    this.abort = new AbortController();
    try {
      const headers: Record<string, string> = {
        authorization: `Token ${this.options.token}`,
        accept: 'text/event-stream',
      };
      if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
      const res = await request(`${this.options.baseUrl.replace(/\/+$/, '')}/realtime`, {
        headers,
        signal: this.abort.signal,
        dispatcher: this.dispatcher,
      });
      if (res.statusCode === 401) {
        await res.body.dump();
        this.setStatus('signed-out');
        return;
      }
      if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        await res.body.dump();
        this.setStatus('unsupported');
        return this.retry(this.options.unsupportedRetryMs ?? 10 * 60_000);
      }
      this.failures = 0;
      this.setStatus('connected');
      await this.read(res.body as AsyncIterable<Buffer>);
    } catch {
      // Dropped, refused or timed out: the polling safety net carries on meanwhile.
    }
    if (!this.running) return;
    this.setStatus('disconnected');
    this.failures += 1;
    this.retry(backoffDelay(this.failures, { baseMs: 1000, capMs: 30_000 }));
  }

  private async read(body: AsyncIterable<Buffer>): Promise<void> {
    let buffer = '';
    // A streaming decoder holds back the first bytes of a character cut between two chunks.
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      if (buffer.length > 4 * 1024 * 1024) throw new Error('realtime event too large');
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        this.handleBlock(block);
      }
    }
  }

  /** A known event with a bad conversation or part goes to the diagnostics; unknown types are a newer server's business. */
  private reportSkipped(raw: unknown, issue: z.core.$ZodIssue | undefined): void {
    const event = raw as { type?: unknown; conversation?: { id?: unknown }; part?: { id?: unknown } } | null;
    if (!this.options.diagnostics || typeof event?.type !== 'string' || !KNOWN_TYPES.has(event.type)) return;
    const [top, ...rest] = issue?.path ?? [];
    const kind = top === 'part' ? 'part' : top === 'conversation' ? 'conversation' : 'item';
    const id = kind === 'part' ? event.part?.id : kind === 'conversation' ? event.conversation?.id : undefined;
    const where = (kind === 'item' ? (issue?.path ?? []) : rest).join('.');
    this.options.diagnostics.skipped(
      kind,
      typeof id === 'number' || typeof id === 'string' ? String(id) : null,
      `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'} (realtime)`,
    );
  }

  private handleBlock(block: string): void {
    let data = '';
    let id: string | null = null;
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data += (data ? '\n' : '') + value;
      else if (field === 'id') id = value;
    }
    if (id !== null) this.lastEventId = id;
    if (!data) return;
    try {
      const raw: unknown = parseJsonLosslessly(data);
      const parsed = eventSchema.safeParse(raw);
      if (parsed.success) this.events.emit('event', parsed.data as unknown as RealtimeEvent);
      else this.reportSkipped(raw, parsed.error.issues[0]);
    } catch {
      // Not JSON: ignored, like any event Perch does not understand.
    }
  }
}
