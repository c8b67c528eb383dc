import { FormData } from 'undici';
import { isId, parseJsonLosslessly } from '../../../shared/api/ids';
import type { z } from 'zod';
import type {
  Conversation,
  ConversationFilters,
  ConversationPart,
  CursorPosition,
  Id,
  PageRequestV1,
  PageRequestV2,
  ReplyRequest,
  ResponseMeta,
  SystemPartRef,
} from '../../../shared/api/types';
import { Emitter } from '../../../shared/emitter';
import { ApiError, kindForStatus, parseRetryAfter } from './errors';
import { pagesV2, type Page } from './paging';
import { conversationSchema, envelopeSchema, partSchema, systemPartRefSchema } from '../../../shared/api/schemas';
import { conversationFallbacks, parseSalvaging, partFallbacks, type Fallbacks } from '../../../shared/api/salvage';
import type { HttpTransport } from '../ports';
import type { SkipSink } from '../log/diagnostics';
import type { SkippedKind } from '../../../shared/diagnostics';

export interface ApiClientOptions {
  baseUrl: string;
  token: string;
  /** The application's numeric ID where known; requests name it as `$self_app` either way. */
  appId?: Id;
  transport: HttpTransport;
  now?: () => number;
  /** Told of each list item left out because it failed its check. */
  diagnostics?: SkipSink;
}

const KIND_OF_LIST: Record<string, SkippedKind> = {
  'conversation list': 'conversation',
  'part list': 'part',
  'channel list': 'channel',
  'active user list': 'visitor',
  'event list': 'event',
};

/** Lists whose items are kept with a damaged field replaced, rather than left out. */
const FALLBACKS_OF_LIST: Record<string, Fallbacks> = {
  'conversation list': conversationFallbacks(partSchema),
  'part list': partFallbacks,
};

/** An item's ID as sent, for the diagnostics: a number or a short string, else none. */
function idOfItem(item: unknown): string | null {
  const id = (item as { id?: unknown } | null)?.id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (typeof id === 'string' && id.length > 0) return id.slice(0, 40);
  return null;
}

/**
 * A cursor position as the API reads it: a JSON array of numbers, IDs among them written as
 * the whole numbers they are (`[1684739969.358085,1160406004324630614]`), however Perch holds them.
 */
export function positionParam(position: CursorPosition): string {
  return `[${position.map((v) => (typeof v === 'string' && isId(v) ? v : JSON.stringify(v))).join(',')}]`;
}

/** How public clients name the token's own application in paths: the token decides, not the client. */
export const SELF_APP = '$self_app';

export type Params = Record<string, string | number | boolean | undefined | null | unknown[] | object>;

function encode(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    out.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return out;
}

export function pagingV2(page: PageRequestV2 = {}): Params {
  return {
    paginate_position: page.position && positionParam(page.position),
    paginate_count: page.count,
    paginate_direction: page.direction,
    paginate_including: page.including,
    paginate_page_order: page.order,
  };
}

export function pagingV1(page: PageRequestV1 = {}): Params {
  return { after: page.after, count: page.count, including: page.including, page_order: page.order };
}

/** Typed calls of the Customer Messaging Web API. Every response is checked before use. */
export class ApiClient {
  readonly appId: Id | undefined;
  /** `answered`: a request got an answer that is no error, so the server works (the inbox stops backing off). */
  readonly events = new Emitter<{ answered: null }>();
  private readonly baseUrl: string;

  constructor(private readonly options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.appId = options.appId;
  }

  /** One call: parameters as query (GET) or form (otherwise); files make it multipart. */
  async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: Params,
    signal?: AbortSignal,
    files?: Record<string, { name: string; type: string; bytes: Uint8Array }>,
  ): Promise<{ data: unknown; meta: ResponseMeta }> {
    // Every ID as a string (docs/api-decisions.md, "Identifiers"); a server that ignores it is
    // still read without losing digits (parseJsonLosslessly).
    const query = encode({ ...params, id_as_string: true });
    const get = method === 'GET';
    const url = `${this.baseUrl}${path}${get && [...query].length ? `?${query}` : ''}`;
    const headers: Record<string, string> = {
      authorization: `Token ${this.options.token}`,
      accept: 'application/json',
    };
    let body: string | FormData | undefined;
    if (files && Object.keys(files).length) {
      const form = new FormData();
      for (const [k, v] of query) form.append(k, v);
      for (const [k, f] of Object.entries(files))
        form.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
      body = form;
    } else if (!get) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = query.toString();
    }
    const res = await this.options.transport.send({ method, url, headers, body, signal });

    let json: unknown;
    try {
      json = parseJsonLosslessly(res.body);
    } catch {
      if (res.status >= 400)
        throw new ApiError(kindForStatus(res.status), `HTTP ${res.status} from ${path}`, {
          status: res.status,
          retryAfterMs: this.retryAfter(res.headers),
        });
      throw new ApiError('malformed', `The response of ${path} is not JSON`, { status: res.status });
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      if (res.status >= 400)
        throw new ApiError(kindForStatus(res.status), `HTTP ${res.status} from ${path}`, {
          status: res.status,
          retryAfterMs: this.retryAfter(res.headers),
        });
      throw new ApiError('malformed', `The response of ${path} has no valid meta.status`, { status: res.status });
    }
    const { meta, data } = envelope.data;
    // meta.status is the API's own verdict; an HTTP 200 carrying an error status is still an error.
    const status = res.status >= 400 ? res.status : meta.status;
    if (status >= 400 || meta.error) {
      const message = meta.error_message ?? meta.error ?? `HTTP ${status}`;
      // An ID that names nothing is a 400 LookupError on the platform (/webapi/exceptions).
      const kind = meta.error === 'LookupError' ? 'not-found' : kindForStatus(status);
      throw new ApiError(kind, `${path}: ${message}`, {
        status,
        apiError: meta.error,
        retryAfterMs: this.retryAfter(res.headers),
      });
    }
    this.events.emit('answered', null);
    return { data, meta };
  }

  private retryAfter(headers: Record<string, string | string[] | undefined>): number | undefined {
    return parseRetryAfter(headers['retry-after'], (this.options.now ?? Date.now)());
  }

  parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${what}.${issue.path.join('.')}` : what;
      throw new ApiError('malformed', `Malformed ${where}: ${issue?.message ?? 'invalid'}`);
    }
    return result.data;
  }

  /**
   * The items of a list that pass their check. One bad item does not cost the rest: it is
   * left out and reported to the diagnostics. A list that is not a list is still an error.
   */
  list<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S>[] {
    if (!Array.isArray(value)) throw new ApiError('malformed', `Malformed ${what}: expected an array`);
    const items: z.output<S>[] = [];
    const kind = KIND_OF_LIST[what] ?? 'item';
    const fallbacks = FALLBACKS_OF_LIST[what];
    for (const item of value) {
      const result = schema.safeParse(item);
      if (result.success) {
        items.push(result.data);
        continue;
      }
      // A conversation or part with a damaged field still carries a message: the poll moves
      // past it, so leaving it out would lose that message. It is kept with what can be read.
      const salvaged = fallbacks ? parseSalvaging(schema, item, fallbacks) : null;
      if (salvaged) {
        items.push(salvaged.data);
        for (const damage of salvaged.damaged)
          this.options.diagnostics?.skipped(kind, idOfItem(item), `${damage} (kept without it)`);
        continue;
      }
      const issue = result.error.issues[0];
      const reason = `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'}`;
      this.options.diagnostics?.skipped(kind, idOfItem(item), reason);
    }
    return items;
  }

  /** A page of a list: its checked items, its meta as sent, and how many items were left out. */
  page<S extends z.ZodType>(schema: S, data: unknown, meta: ResponseMeta, what: string): Page<z.output<S>> {
    const items = this.list(schema, data, what);
    return { items, meta, skipped: (data as unknown[]).length - items.length };
  }

  async listConversations(
    filters: ConversationFilters = {},
    page: PageRequestV2 = {},
    signal?: AbortSignal,
  ): Promise<Page<Conversation>> {
    const { data, meta } = await this.call(
      'GET',
      `/v2/apps/${SELF_APP}/conversations`,
      {
        closed: filters.closed,
        answered: filters.answered,
        delayed: filters.delayed,
        assigned: filters.assigned,
        include_not_assigned: filters.includeNotAssigned,
        tags: filters.tags,
        include_no_tags: filters.includeNoTags,
        channel: filters.channel,
        assistant_type: filters.assistantType,
        ...pagingV2(page),
      },
      signal,
    );
    return this.page(conversationSchema, data, meta, 'conversation list');
  }

  async getConversation(id: Id): Promise<Conversation> {
    const { data } = await this.call('GET', `/v2/conversations/${id}`, {});
    const salvaged = parseSalvaging(conversationSchema, data, FALLBACKS_OF_LIST['conversation list']!);
    if (!salvaged) return this.parse(conversationSchema, data, 'conversation');
    for (const damage of salvaged.damaged)
      this.options.diagnostics?.skipped('conversation', idOfItem(data), `${damage} (kept without it)`);
    return salvaged.data;
  }

  async listParts(conversationId: Id, page: PageRequestV2 = {}): Promise<Page<ConversationPart>> {
    const { data, meta } = await this.call('GET', `/v2/conversations/${conversationId}/parts`, pagingV2(page));
    return this.page(partSchema, data, meta, 'part list');
  }

  async listPartsV1(conversationId: Id, page: PageRequestV1 = {}): Promise<Page<ConversationPart>> {
    const { data, meta } = await this.call('GET', `/v1/conversations/${conversationId}/parts`, pagingV1(page));
    return this.page(partSchema, data, meta, 'part list');
  }

  async markRead(conversationId: Id): Promise<void> {
    await this.call('POST', `/v2/conversations/${conversationId}/markread`, {});
  }

  async reply(
    conversationId: Id,
    request: ReplyRequest,
    attachment?: { name: string; type: string; bytes: Uint8Array },
  ): Promise<ConversationPart> {
    const { data } = await this.call(
      'POST',
      `/v2/conversations/${conversationId}/reply`,
      {
        attachment_file_name: attachment?.name,
        body: request.body,
        type: request.fromUser === undefined ? request.type : undefined,
        from_admin: request.fromAdmin,
        from_user: request.fromUser,
        random_id: request.randomId,
        external_id: request.externalId,
        auto_assign: request.autoAssign,
        auto_assign_random_id: request.autoAssignRandomId,
        referrer: request.referrer,
        actions: request.actions,
      },
      undefined,
      attachment ? { attachment } : undefined,
    );
    return this.parse(partSchema, data, 'reply');
  }

  /**
   * Assigns a conversation (null: unassigns, sent as an empty `admin`). Version 2 answers the
   * system part it made, or empty data when the assignee was already that one: null then.
   */
  async assign(
    conversationId: Id,
    adminId: Id | null,
    options: { fromAdmin?: Id; randomId?: number } = {},
  ): Promise<SystemPartRef | null> {
    const { data } = await this.call('POST', `/v2/conversations/${conversationId}/assign`, {
      admin: adminId ?? '',
      from_admin: options.fromAdmin,
      random_id: options.randomId,
    });
    return this.systemPart(data, 'assignment');
  }

  /** Closes a conversation; null when it was already closed (the API then creates no part). */
  async close(conversationId: Id, options: { fromAdmin?: Id; randomId?: number } = {}): Promise<SystemPartRef | null> {
    const { data } = await this.call('POST', `/v2/conversations/${conversationId}/close`, {
      from_admin: options.fromAdmin,
      random_id: options.randomId,
    });
    return this.systemPart(data, 'closing');
  }

  /**
   * Adds or removes a tag. Version 2 refuses to add a tag the conversation has or remove one it
   * lacks (ConversationTagAlreadyAssigned, ConversationTagIsNotAssigned): the conversation is
   * then as asked, which is what a write sent twice or a colleague's same tag needs, so null.
   */
  async tag(
    conversationId: Id,
    tag: string,
    op: 'add' | 'delete',
    options: { fromAdmin?: Id; randomId?: number } = {},
  ): Promise<SystemPartRef | null> {
    const params = { tag, from_admin: options.fromAdmin, random_id: options.randomId };
    try {
      const { data } =
        op === 'delete'
          ? await this.call('DELETE', `/v2/conversations/${conversationId}/tag`, params)
          : await this.call('POST', `/v2/conversations/${conversationId}/tag`, { action: 'add', ...params });
      return this.systemPart(data, 'tag change');
    } catch (error) {
      const already = op === 'add' ? 'ConversationTagAlreadyAssigned' : 'ConversationTagIsNotAssigned';
      if (error instanceof ApiError && error.details.apiError === already) return null;
      throw error;
    }
  }

  /** `{id, part_group}` of a system part, or null for empty data (nothing changed). */
  private systemPart(data: unknown, what: string): SystemPartRef | null {
    if (data && typeof data === 'object' && Object.keys(data).length === 0) return null;
    return this.parse(systemPartRefSchema, data, what);
  }

  async setTyping(conversationId: Id, body: string, fromAdmin?: Id): Promise<void> {
    await this.call('POST', `/v2/conversations/${conversationId}/settyping`, { body, from_admin: fromAdmin });
  }

  /** All conversations from a position downwards (newest first), page by page. */
  conversationsBefore(
    filters: ConversationFilters,
    position?: CursorPosition,
    count = 50,
  ): AsyncGenerator<Conversation[]> {
    return pagesV2(
      (at) => this.listConversations(filters, { position: at, direction: 'before', count }),
      'before',
      position,
    );
  }
}
