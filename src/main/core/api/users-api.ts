import { z } from 'zod';
import type { Channel, Conversation, Id, PageRequestV1, PageRequestV2 } from '../../../shared/api/types';
import { pagingV1, pagingV2, SELF_APP, type ApiClient, type Page } from './client';
import { pagesByOffset } from './paging';
import { conversationSchema } from './schemas';

const id = z.number().int();
const props = z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? {});

export const userSchema = z.looseObject({
  id,
  app: id.optional(),
  user_id: z.string().nullable().optional().default(null),
  presence: z.string().optional().default('offline'),
  props: props.optional(),
  props_custom: props.optional(),
  props_events: props.optional(),
  presence_details: z.record(z.string(), z.unknown()).nullish(),
  events: z.array(z.looseObject({ first: z.number(), last: z.number(), count: z.number(), event_type: z.looseObject({ id, name: z.string() }) })).optional(),
  segments: z.array(z.looseObject({ id, name: z.string() })).optional(),
  tags: z.array(z.unknown()).optional(),
  notes: z.array(z.unknown()).optional(),
  email_status: z.unknown().optional(),
  consents: z.array(z.unknown()).optional(),
});
export type User = z.infer<typeof userSchema>;

const leadSchema = z.looseObject({ id, presence: z.string().optional().default('offline'), props });
export type Lead = z.infer<typeof leadSchema>;
const leadsSchema = z.looseObject({ total: z.number().int(), users: z.array(leadSchema) });

const channelSchema = z.looseObject({
  id,
  name: z.string(),
  avatar: z.string().optional().default(''),
  type: z.string().optional().default(''),
  not_assigned_count: z.number().int().optional(),
  not_read_count: z.number().int().optional(),
  read_permission: z.boolean().nullable().optional().default(null),
  operators: z.array(z.looseObject({ id, name: z.string().optional().default(''), avatar: z.string().optional().default(''), type: z.literal('admin').optional().default('admin') })).optional().default([]),
});

const eventSchema = z.looseObject({ id, name: z.string(), created: z.number(), props: z.record(z.string(), z.unknown()) });
export type UserEvent = z.infer<typeof eventSchema>;

const propsMetaSchema = z.looseObject({
  affected_props: z.array(z.string()).optional().default([]),
  not_changed_props: z.array(z.string()).optional().default([]),
  ignored_operations: z.array(z.looseObject({ op: z.unknown(), key: z.unknown(), value: z.unknown().optional(), reason: z.string().optional().default('') })).optional().default([]),
});

export type PropOperation = { op: 'update_or_create' | 'add' | 'delete' | (string & {}); key: string; value?: unknown };
export interface PropsResult {
  affected: string[];
  notChanged: string[];
  ignored: (PropOperation & { reason: string })[];
}

export interface UserFlags {
  props?: boolean;
  propsEvents?: boolean;
  propsCustom?: boolean;
  presenceDetails?: boolean;
  events?: boolean;
  segments?: boolean;
  notes?: boolean;
  tags?: boolean;
  emailStatus?: boolean;
  convertPropsTypes?: boolean;
  timezoneOffset?: boolean;
  /** Recorded consents (a field the sandbox adds; servers without it leave it out). */
  consents?: boolean;
}

/** A user is named by the platform ID, or by the client's own identifier. */
export type UserRef = Id | { userId: string };
const path = (ref: UserRef) => (typeof ref === 'number' ? String(ref) : encodeURIComponent(ref.userId));
const byUserId = (ref: UserRef) => (typeof ref === 'number' ? undefined : true);

/** The users and application calls of the Web API, on top of the typed client. */
export class UsersApi {
  constructor(private readonly api: ApiClient) {}

  async getUser(ref: UserRef, flags: UserFlags = {}): Promise<User> {
    const { data } = await this.api.call('GET', `/v2/users/${path(ref)}`, {
      by_user_id: byUserId(ref), props: flags.props, props_events: flags.propsEvents, props_custom: flags.propsCustom, presence_details: flags.presenceDetails,
      events: flags.events, segments: flags.segments, notes: flags.notes, tags: flags.tags, email_status: flags.emailStatus,
      convert_props_types: flags.convertPropsTypes, timezone_offset: flags.timezoneOffset, consents: flags.consents,
    });
    return this.api.parse(userSchema, data, 'user');
  }

  async setProps(ref: UserRef, operations: PropOperation[], options: { doubleSubscribe?: boolean; parseCustomPropsType?: boolean; source?: { type: string; id?: string } } = {}): Promise<PropsResult> {
    const { meta } = await this.api.call('POST', `/v2/users/${path(ref)}/props`, {
      by_user_id: byUserId(ref), operations, double_subscribe: options.doubleSubscribe, parse_custom_props_type: options.parseCustomPropsType, source: options.source,
    });
    const m = this.api.parse(propsMetaSchema, meta, 'props result');
    return { affected: m.affected_props, notChanged: m.not_changed_props, ignored: m.ignored_operations as PropsResult['ignored'] };
  }

  async leadsPage(options: { offset?: number; limit?: number; filters?: unknown; sortProp?: string; sortOrder?: 'asc' | 'desc' } = {}): Promise<{ total: number; users: Lead[] }> {
    const { data } = await this.api.call('GET', `/v2/apps/${SELF_APP}/users`, {
      offset: options.offset, limit: options.limit, filters: options.filters as object | undefined, sort_prop: options.sortProp, sort_order: options.sortOrder,
    });
    return this.api.parse(leadsSchema, data, 'lead list');
  }

  /** All leads, page by page, each seen once even when the list shifts between calls. */
  leads(options: { filters?: unknown; sortProp?: string; sortOrder?: 'asc' | 'desc'; limit?: number } = {}): AsyncGenerator<Lead[]> {
    return pagesByOffset(async (offset, limit) => (await this.leadsPage({ ...options, offset, limit })).users, options.limit ?? 50);
  }

  async channels(): Promise<Channel[]> {
    const { data } = await this.api.call('GET', `/v2/apps/${SELF_APP}/channels`, {});
    return this.api.list(channelSchema, data, 'channel list') as Channel[];
  }

  async activeUsers(page: Omit<PageRequestV2, 'direction'> = {}): Promise<Page<User>> {
    const { data, meta } = await this.api.call('GET', `/v2/apps/${SELF_APP}/activeusers`, pagingV2({ ...page, direction: 'before' }));
    return this.api.page(userSchema, data, meta, 'active user list');
  }

  async userConversations(ref: UserRef, page: PageRequestV2 = {}, options: { withUserRepliesOnly?: boolean } = {}): Promise<Page<Conversation>> {
    const { data, meta } = await this.api.call('GET', `/v2/users/${path(ref)}/conversations`, { by_user_id: byUserId(ref), with_user_replies_only: options.withUserRepliesOnly, ...pagingV2(page) });
    return this.api.page(conversationSchema, data, meta, 'conversation list') as Page<Conversation>;
  }

  async userConversationsV1(userId: Id, page: PageRequestV1 = {}): Promise<Page<Conversation>> {
    const { data, meta } = await this.api.call('GET', `/v1/users/${userId}/conversations`, pagingV1(page));
    return this.api.page(conversationSchema, data, meta, 'conversation list') as Page<Conversation>;
  }

  async events(ref: UserRef, page: PageRequestV2 = {}, filterName?: string): Promise<Page<UserEvent>> {
    const { data, meta } = await this.api.call('GET', `/v2/users/${path(ref)}/events`, { by_user_id: byUserId(ref), filter_name: filterName, ...pagingV2(page) });
    return this.api.page(eventSchema, data, meta, 'event list');
  }

  async recordEvent(ref: UserRef, event: string, params: Record<string, unknown> = {}, created?: number): Promise<void> {
    await this.api.call('POST', `/v2/users/${path(ref)}/events`, { by_user_id: byUserId(ref), event, params, created });
  }

  async unsubscribeEmail(ref: UserRef): Promise<void> {
    await this.api.call('POST', `/v2/users/${path(ref)}/unsubscribeemail`, { by_user_id: byUserId(ref) });
  }

  async recordConsent(userId: Id, consent: { ipAddress?: string; dataProcessing?: boolean; email?: string; phone?: string }): Promise<User> {
    const { data } = await this.api.call('POST', `/v2/users/${userId}/user_consent`, {
      ip_address: consent.ipAddress, data_processing: consent.dataProcessing, 'contacts[email]': consent.email, 'contacts[phone]': consent.phone,
    });
    return this.api.parse(userSchema, data, 'user');
  }

  async setPresence(userId: Id, presence: 'online' | 'idle', page?: { title?: string; url?: string }): Promise<void> {
    await this.api.call('POST', `/v2/users/${userId}/setpresence`, { presence, current_page: page?.title, current_url: page?.url });
  }

  /** A manual message from an admin, which starts a conversation; returns its ID. */
  /** A message from `fromAdmin` (the agent) that starts a conversation; without it the server picks the application's default sender. */
  async sendMessage(ref: UserRef, body: string, options: { fromAdmin?: Id; type?: 'popup_chat' | 'popup_small' | 'popup_big' } = {}): Promise<Id> {
    const { data } = await this.api.call('POST', `/v2/users/${path(ref)}/sendmessage`, { by_user_id: byUserId(ref), body, type: options.type ?? 'popup_chat', from_admin: options.fromAdmin });
    return this.api.parse(z.looseObject({ id }), data, 'sendmessage').id;
  }

  async startConversation(ref: UserRef, message: { body?: string; file?: { name: string; type: string; bytes: Uint8Array }; randomId?: number; referrer?: string }): Promise<Id> {
    const { data } = await this.api.call(
      'POST',
      `/v2/users/${path(ref)}/startconversation`,
      { by_user_id: byUserId(ref), body: message.body, filename: message.file?.name, random_id: message.randomId, referrer: message.referrer },
      undefined,
      message.file ? { file: message.file } : undefined,
    );
    return this.api.parse(z.looseObject({ id }), data, 'startconversation').id;
  }

  async importUsers(csv: string): Promise<{ created: number; updated: number; errors: { line: number; reason: string }[] }> {
    const { data } = await this.api.call('POST', '/v2/users/import', {}, undefined, { file: { name: 'users.csv', type: 'text/csv', bytes: new TextEncoder().encode(csv) } });
    return this.api.parse(z.looseObject({ created: z.number(), updated: z.number(), errors: z.array(z.looseObject({ line: z.number(), reason: z.string() })) }), data, 'import');
  }
}
