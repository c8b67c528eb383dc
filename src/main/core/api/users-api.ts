import { conversationSchema, channelSchema } from '../../../shared/api/schemas';
import { z } from 'zod';
import { idSchema as id } from '../../../shared/api/schemas';
import type {
  Channel,
  Conversation,
  Id,
  Lead,
  PageRequestV1,
  PageRequestV2,
  User,
  UserEvent,
} from '../../../shared/api/types';
import { leadsSchema, propsMetaSchema, userEventSchema, userSchema } from '../../../shared/api/user-schemas';
import { pagingV1, pagingV2, SELF_APP, type ApiClient } from './client';
import { pagesByOffset, type Page } from './paging';

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
const path = (ref: UserRef) => (typeof ref === 'string' ? ref : encodeURIComponent(ref.userId));
const byUserId = (ref: UserRef) => (typeof ref === 'string' ? undefined : true);

/** The users and application calls of the Web API, on top of the typed client. */
export class UsersApi {
  constructor(private readonly api: ApiClient) {}

  async getUser(ref: UserRef, flags: UserFlags = {}): Promise<User> {
    const { data } = await this.api.call('GET', `/v2/users/${path(ref)}`, {
      by_user_id: byUserId(ref),
      props: flags.props,
      props_events: flags.propsEvents,
      props_custom: flags.propsCustom,
      presence_details: flags.presenceDetails,
      events: flags.events,
      segments: flags.segments,
      notes: flags.notes,
      tags: flags.tags,
      email_status: flags.emailStatus,
      convert_props_types: flags.convertPropsTypes,
      timezone_offset: flags.timezoneOffset,
      consents: flags.consents,
    });
    return this.api.parse(userSchema, data, 'user');
  }

  async setProps(
    ref: UserRef,
    operations: PropOperation[],
    options: { doubleSubscribe?: boolean; parseCustomPropsType?: boolean; source?: { type: string; id?: string } } = {},
  ): Promise<PropsResult> {
    const { meta } = await this.api.call('POST', `/v2/users/${path(ref)}/props`, {
      by_user_id: byUserId(ref),
      operations,
      double_subscribe: options.doubleSubscribe,
      parse_custom_props_type: options.parseCustomPropsType,
      source: options.source,
    });
    const m = this.api.parse(propsMetaSchema, meta, 'props result');
    return {
      affected: m.affected_props,
      notChanged: m.not_changed_props,
      ignored: m.ignored_operations as PropsResult['ignored'],
    };
  }

  async leadsPage(
    options: { offset?: number; limit?: number; filters?: unknown; sortProp?: string; sortOrder?: 'asc' | 'desc' } = {},
  ): Promise<{ total: number; users: Lead[] }> {
    const { data } = await this.api.call('GET', `/v2/apps/${SELF_APP}/users`, {
      offset: options.offset,
      limit: options.limit,
      filters: options.filters as object | undefined,
      sort_prop: options.sortProp,
      sort_order: options.sortOrder,
    });
    return this.api.parse(leadsSchema, data, 'lead list');
  }

  /** All leads, page by page, each seen once even when the list shifts between calls. */
  leads(
    options: { filters?: unknown; sortProp?: string; sortOrder?: 'asc' | 'desc'; limit?: number } = {},
  ): AsyncGenerator<Lead[]> {
    return pagesByOffset(
      async (offset, limit) => (await this.leadsPage({ ...options, offset, limit })).users,
      options.limit ?? 50,
    );
  }

  async channels(): Promise<Channel[]> {
    const { data } = await this.api.call('GET', `/v2/apps/${SELF_APP}/channels`, {});
    return this.api.list(channelSchema, data, 'channel list');
  }

  async activeUsers(page: Omit<PageRequestV2, 'direction'> = {}): Promise<Page<User>> {
    const { data, meta } = await this.api.call(
      'GET',
      `/v2/apps/${SELF_APP}/activeusers`,
      pagingV2({ ...page, direction: 'before' }),
    );
    return this.api.page(userSchema, data, meta, 'active user list');
  }

  async userConversations(
    ref: UserRef,
    page: PageRequestV2 = {},
    options: { withUserRepliesOnly?: boolean } = {},
  ): Promise<Page<Conversation>> {
    const { data, meta } = await this.api.call('GET', `/v2/users/${path(ref)}/conversations`, {
      by_user_id: byUserId(ref),
      with_user_replies_only: options.withUserRepliesOnly,
      ...pagingV2(page),
    });
    return this.api.page(conversationSchema, data, meta, 'conversation list');
  }

  async userConversationsV1(userId: Id, page: PageRequestV1 = {}): Promise<Page<Conversation>> {
    const { data, meta } = await this.api.call('GET', `/v1/users/${userId}/conversations`, pagingV1(page));
    return this.api.page(conversationSchema, data, meta, 'conversation list');
  }

  async events(ref: UserRef, page: PageRequestV2 = {}, filterName?: string): Promise<Page<UserEvent>> {
    const { data, meta } = await this.api.call('GET', `/v2/users/${path(ref)}/events`, {
      by_user_id: byUserId(ref),
      filter_name: filterName,
      ...pagingV2(page),
    });
    return this.api.page(userEventSchema, data, meta, 'event list');
  }

  async recordEvent(
    ref: UserRef,
    event: string,
    params: Record<string, unknown> = {},
    created?: number,
  ): Promise<void> {
    await this.api.call('POST', `/v2/users/${path(ref)}/events`, { by_user_id: byUserId(ref), event, params, created });
  }

  async unsubscribeEmail(ref: UserRef): Promise<void> {
    await this.api.call('POST', `/v2/users/${path(ref)}/unsubscribeemail`, { by_user_id: byUserId(ref) });
  }

  async recordConsent(
    userId: Id,
    consent: { ipAddress?: string; dataProcessing?: boolean; email?: string; phone?: string },
  ): Promise<User> {
    const { data } = await this.api.call('POST', `/v2/users/${userId}/user_consent`, {
      ip_address: consent.ipAddress,
      data_processing: consent.dataProcessing,
      'contacts[email]': consent.email,
      'contacts[phone]': consent.phone,
    });
    return this.api.parse(userSchema, data, 'user');
  }

  async setPresence(userId: Id, presence: 'online' | 'idle', page?: { title?: string; url?: string }): Promise<void> {
    await this.api.call('POST', `/v2/users/${userId}/setpresence`, {
      presence,
      current_page: page?.title,
      current_url: page?.url,
    });
  }

  /** A manual message from an admin, which starts a conversation; returns its ID. */
  /** A message from `fromAdmin` (the agent) that starts a conversation; without it the server picks the application's default sender. */
  async sendMessage(
    ref: UserRef,
    body: string,
    options: { type?: 'popup_chat' | 'popup_small' | 'popup_big' } = {},
  ): Promise<Id | null> {
    // Needs scope messages-manual-send-one; answers {conversation, message} and takes no sender
    // (https://developers.carrotquest.io/webapi/endpoints/users/sendmessage).
    const { data } = await this.api.call('POST', `/v2/users/${path(ref)}/sendmessage`, {
      by_user_id: byUserId(ref),
      body,
      type: options.type ?? 'popup_chat',
    });
    // The message went out once the call succeeded: an answer of another shape is no failure to
    // retry (that would send it twice), only a conversation Perch cannot name yet.
    const sent = z.looseObject({ conversation: id }).safeParse(data);
    return sent.success ? sent.data.conversation : null;
  }

  async startConversation(
    ref: UserRef,
    message: {
      body?: string;
      file?: { name: string; type: string; bytes: Uint8Array };
      randomId?: number;
      referrer?: string;
    },
  ): Promise<Id> {
    const { data } = await this.api.call(
      'POST',
      `/v2/users/${path(ref)}/startconversation`,
      {
        by_user_id: byUserId(ref),
        body: message.body,
        filename: message.file?.name,
        random_id: message.randomId,
        referrer: message.referrer,
      },
      undefined,
      message.file ? { file: message.file } : undefined,
    );
    return this.api.parse(z.looseObject({ id }), data, 'startconversation').id;
  }

  async importUsers(
    csv: string,
  ): Promise<{ created: number; updated: number; errors: { line: number; reason: string }[] }> {
    const { data } = await this.api.call('POST', '/v2/users/import', {}, undefined, {
      file: { name: 'users.csv', type: 'text/csv', bytes: new TextEncoder().encode(csv) },
    });
    return this.api.parse(
      z.looseObject({
        created: z.number(),
        updated: z.number(),
        errors: z.array(z.looseObject({ line: z.number(), reason: z.string() })),
      }),
      data,
      'import',
    );
  }
}
